package club.pente.matchmaking.application;

import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.kit.rest.ApiException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The limits of the staff roles table, without a database. */
class SanctionRulesTest {
    private static final StaffActor MOD = new StaffActor("mod-sub", "mod", StaffRole.MODERATOR);
    private static final StaffActor ADMIN = new StaffActor("admin-sub", "admin", StaffRole.ADMIN);
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    private static void refused(Runnable call, int status, String error) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.error()).isEqualTo(error);
        });
    }

    @Test
    void aModeratorSuspendsForUpToSevenDaysWithoutForfeit() {
        assertThat(SanctionRules.suspensionUntil(MOD, 1, false, NOW)).isEqualTo(NOW.plus(Duration.ofMinutes(1)));
        assertThat(SanctionRules.suspensionUntil(MOD, 10_080, false, NOW)).isEqualTo(NOW.plus(Duration.ofDays(7)));
        refused(() -> SanctionRules.suspensionUntil(MOD, 10_081, false, NOW), 403, "ADMIN_ONLY");
        refused(() -> SanctionRules.suspensionUntil(MOD, null, false, NOW), 403, "ADMIN_ONLY");
        refused(() -> SanctionRules.suspensionUntil(MOD, 60, true, NOW), 403, "ADMIN_ONLY");
    }

    @Test
    void anAdminSuspendsForAYearOrUntilLiftedAndMayForfeit() {
        assertThat(SanctionRules.suspensionUntil(ADMIN, 525_600, true, NOW)).isEqualTo(NOW.plus(Duration.ofDays(365)));
        assertThat(SanctionRules.suspensionUntil(ADMIN, null, true, NOW)).isNull();
        refused(() -> SanctionRules.suspensionUntil(ADMIN, 525_601, false, NOW), 400, "BAD_MINUTES");
        refused(() -> SanctionRules.suspensionUntil(ADMIN, 0, false, NOW), 400, "BAD_MINUTES");
        // Out of range is bad input for anyone, before the role is considered.
        refused(() -> SanctionRules.suspensionUntil(MOD, -1, false, NOW), 400, "BAD_MINUTES");
    }

    @Test
    void aMuteLastsOneMinuteToThirtyDays() {
        assertThat(SanctionRules.muteUntil(43_200, NOW)).isEqualTo(NOW.plus(Duration.ofDays(30)));
        for (Integer bad : new Integer[] {null, 0, 43_201}) {
            refused(() -> SanctionRules.muteUntil(bad, NOW), 400, "BAD_MINUTES");
        }
    }

    @Test
    void onlyAccountsAreSanctionedAndAReasonIsRequired() {
        assertThat(SanctionRules.accountId("4f1c0e2a-0000-4000-8000-000000000001")).isNotNull();
        for (String bad : new String[] {null, "", "guest:abc", "ai:3", "with space", "x".repeat(129)}) {
            refused(() -> SanctionRules.accountId(bad), 400, "BAD_PLAYER_ID");
        }
        refused(() -> SanctionRules.reason(null), 400, "MISSING_REASON");
        refused(() -> SanctionRules.reason("  "), 400, "MISSING_REASON");
        refused(() -> SanctionRules.reason("r".repeat(501)), 400, "BAD_REASON");
        refused(() -> SanctionRules.reason("line\nbreak"), 400, "BAD_REASON");
        assertThat(SanctionRules.reason("r".repeat(500))).hasSize(500);
    }

    @Test
    void theSuspendedAreToldUntilWhenAndWhy() {
        Sanction timed = new Sanction("s1", Sanction.Kind.SUSPENSION, "p", NOW, NOW.plusSeconds(60), "cheating", false, MOD, null, null,
                null, null);
        assertThat(SanctionRules.suspendedMessage(timed)).isEqualTo("suspended until 2026-12-01T10:01:00Z: cheating");
        Sanction open = new Sanction("s2", Sanction.Kind.SUSPENSION, "p", NOW, null, "cheating", false, ADMIN, null, null, null, null);
        assertThat(SanctionRules.suspendedMessage(open)).isEqualTo("suspended until lifted: cheating");
        assertThat(open.inForceAt(NOW.plus(Duration.ofDays(3650)))).isTrue();
        assertThat(timed.inForceAt(NOW.plusSeconds(60))).isFalse();
    }
}
