package club.pente.load;

import club.pente.load.GameLedger.Tracked;
import club.pente.load.GameLedger.Window;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class GameLedgerTest {
    private static final LoadGame GAME = new LoadGame("load-t-0", new PlayerRef("w", "W"), new PlayerRef("b", "B"),
            new String[] {"K10", "L11", "M12", "N13"});

    private final GameLedger ledger = new GameLedger();
    private final Tracked game = ledger.add(GAME);
    private final Window window = new Window(LatencyRecorder.histogramOnly());

    @Test
    void latencyCountsFromTheIntendedSendTimeAndACleanGamePassesTheAudit() {
        ledger.accept(started(1), 0);
        ledger.expect(game, "c1", 1_000_000, window);
        game.movesSent.incrementAndGet();
        ledger.accept(played(2, 1, "c1"), 41_000_000);

        assertThat(window.confirmed.get()).isEqualTo(1);
        assertThat(window.latencies.ms(0.5)).isBetween(39.9, 40.1);
        assertThat(game.faulty()).isFalse();
        assertThat(game.gaps()).isZero();
    }

    @Test
    void aVersionSeenTwiceIsADuplicateAndNotASecondConfirmation() {
        ledger.accept(started(1), 0);
        ledger.expect(game, "c1", 0, window);
        game.movesSent.incrementAndGet();
        ledger.accept(played(2, 1, "c1"), 1_000);
        ledger.accept(played(2, 1, "c1"), 2_000);

        assertThat(game.duplicates).isEqualTo(1);
        assertThat(game.played).isEqualTo(1);
        assertThat(window.confirmed.get()).isEqualTo(1);
        assertThat(game.faulty()).isTrue();
    }

    @Test
    void aMissingVersionIsAGapAndAnUnansweredMoveIsMissing() {
        ledger.accept(started(1), 0);
        for (int ply = 1; ply <= 3; ply++) {
            ledger.expect(game, "c" + ply, 0, window);
            game.movesSent.incrementAndGet();
        }
        ledger.accept(played(2, 1, "c1"), 1_000);
        ledger.accept(played(4, 3, "c3"), 2_000);

        assertThat(game.gaps()).isEqualTo(1);
        assertThat(game.missing()).isEqualTo(1);
        assertThat(window.unanswered()).isEqualTo(1);
        assertThat(game.faulty()).isTrue();
    }

    @Test
    void aRejectionAnswersItsCommandButFailsTheAuditAndTakesNoVersion() {
        ledger.accept(started(1), 0);
        ledger.expect(game, "c1", 0, window);
        game.movesSent.incrementAndGet();
        ledger.accept(new MoveRejected(1, "e-r", GAME.id(), 1, Instant.EPOCH, "c1", "w", RejectionReason.OCCUPIED, "occupied"), 1_000);

        assertThat(window.rejected.get()).isEqualTo(1);
        assertThat(window.unanswered()).isZero();
        assertThat(game.duplicates).isZero();
        assertThat(game.faulty()).isTrue();
    }

    @Test
    void otherGamesEventsAreIgnored() {
        ledger.accept(new GameStarted(1, "e", "someone-else", 1, Instant.EPOCH, "x", GAME.white(), GAME.black(), false,
                TimeControl.UNTIMED, null), 0);

        assertThat(ledger.events()).isZero();
        assertThat(ledger.isOurs("someone-else")).isFalse();
    }

    private static GameStarted started(long version) {
        return new GameStarted(1, "e-s", GAME.id(), version, Instant.EPOCH, "create", GAME.white(), GAME.black(), false,
                TimeControl.UNTIMED, null);
    }

    private static MovePlayed played(long version, int ply, String commandId) {
        return new MovePlayed(1, "e-" + version, GAME.id(), version, Instant.EPOCH, commandId, ply, ply % 2 == 1 ? Color.WHITE : Color.BLACK,
                ply % 2 == 1 ? "w" : "b", GAME.moves()[ply - 1], List.of(), PerSide.ZERO, Set.of(), null);
    }
}
