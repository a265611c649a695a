package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A GameAnnulled record is read only when it has what the audit needs (no stack). */
class AnnulmentReadingTest {
    private static final StaffActor ADMIN = new StaffActor("admin-sub", "admin", StaffRole.ADMIN);

    private static ObjectNode annulment() {
        GameAnnulled event = new GameAnnulled(Contracts.SCHEMA_VERSION, "e1", "g1", 50, Instant.parse("2026-12-01T12:00:00Z"), "c1",
                true, new PlayerRef("w", "white"), new PlayerRef("b", "black"), ADMIN, "cheating");
        return Contracts.json().valueToTree(event);
    }

    @Test
    void aWellFormedAnnulmentIsRead() {
        assertThat(GameEventConsumer.readEvent(annulment().toString())).isInstanceOfSatisfying(GameAnnulled.class, annulled -> {
            assertThat(annulled.gameId()).isEqualTo("g1");
            assertThat(annulled.staff()).isEqualTo(ADMIN);
            assertThat(annulled.reason()).isEqualTo("cheating");
        });
        // The GameEnded-only reader passes it over.
        assertThat(GameEventConsumer.read(annulment().toString())).isNull();
    }

    @Test
    void anAnnulmentWithoutStaffReasonOrTimeIsUnreadable() {
        ObjectNode noStaff = annulment();
        noStaff.remove("staff");
        ObjectNode noReason = annulment();
        noReason.remove("reason");
        ObjectNode controlReason = annulment();
        controlReason.put("reason", "bad\u0007reason");
        ObjectNode longReason = annulment();
        longReason.put("reason", "x".repeat(501));
        ObjectNode badStaff = annulment();
        ((ObjectNode) badStaff.get("staff")).put("role", "OWNER");
        ObjectNode farFuture = annulment();
        farFuture.put("occurredAt", "+12000-01-01T00:00:00Z");
        ObjectNode noGame = annulment();
        noGame.remove("gameId");
        for (ObjectNode bad : new ObjectNode[]{noStaff, noReason, controlReason, longReason, badStaff, farFuture, noGame}) {
            assertThatThrownBy(() -> GameEventConsumer.readEvent(bad.toString())).as(bad.toString())
                    .isInstanceOf(UnreadableEventException.class);
        }
    }
}
