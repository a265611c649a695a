package club.pente.kit.audit;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.kit.rest.ApiException;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AuditFilterTest {
    private static final StaffActor MOD = new StaffActor("9a7e-mod", "mod", StaffRole.MODERATOR);
    private static final Instant AT = Instant.parse("2026-12-01T12:00:00Z");

    private static void refused(String code, String actor, String action, String target, String game, String since, String until,
                                String limit) {
        assertThatThrownBy(() -> AuditFilter.parse(actor, action, target, game, since, until, limit))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error()).isEqualTo(code);
                });
    }

    @Test
    void everyParameterOutsideItsRangeIsAPreciseRefusal() {
        refused("BAD_TIME", null, null, null, null, "+300000-01-01T00:00:00Z", null, null);
        refused("BAD_TIME", null, null, null, null, null, "-5000-01-01T00:00:00Z", null);
        refused("BAD_TIME", null, null, null, null, "yesterday", null, null);
        refused("BAD_LIMIT", null, null, null, null, null, null, "0");
        refused("BAD_LIMIT", null, null, null, null, null, null, "501");
        refused("BAD_LIMIT", null, null, null, null, null, null, "99999999999");
        refused("BAD_ACTION", null, "abort_game", null, null, null, null, null);
        refused("BAD_ACTOR", "a\u0000b", null, null, null, null, null, null);
        refused("BAD_GAME_ID", null, null, null, "g".repeat(65), null, null, null);
    }

    @Test
    void aFilterMatchesByActorNameOrSubjectActionTargetAndTime() {
        AuditFilter filter = AuditFilter.parse("mod", "ABORT_GAME", "g1", null, "2026-12-01T11:00:00Z", "2026-12-01T13:00:00Z", "5");
        AuditEntry entry = AuditEntry.of("a1", AT, "game-service", MOD, AuditAction.ABORT_GAME, "g1", "g1", "stuck", AuditOutcome.APPLIED, null);
        assertThat(filter.limit()).isEqualTo(5);
        assertThat(filter.matches(entry)).isTrue();
        assertThat(AuditFilter.parse("9a7e-mod", null, null, null, null, null, null).matches(entry)).isTrue();
        assertThat(AuditFilter.parse("admin", null, null, null, null, null, null).matches(entry)).isFalse();
        assertThat(AuditFilter.parse(null, null, null, null, "2026-12-01T12:00:01Z", null, null).matches(entry)).isFalse();
        assertThat(AuditFilter.parse(null, "ANNUL_GAME", null, null, null, null, null).matches(entry)).isFalse();
        assertThat(AuditFilter.parse(null, null, null, null, null, null, null).limit()).isEqualTo(AuditFilter.DEFAULT_LIMIT);
    }

    @Test
    void theQueryBindsEveryValueAndNeverSplicesOne() {
        AuditLog.Query query = AuditLog.query(AuditFilter.parse("x'or'1'='1", null, "t", "g1", "2026-12-01T11:00:00Z", null, "7"));
        assertThat(query.sql()).doesNotContain("x'").endsWith("LIMIT 7");
        assertThat(query.parameters()).hasSize(5).contains("x'or'1'='1", "t", "g1");
    }
}
