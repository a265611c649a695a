package club.pente.game.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.game.application.CommandKey;
import club.pente.game.application.EventRecord;
import club.pente.game.application.GameLedger.Batch;
import club.pente.game.application.GameLedger.GameWrite;
import club.pente.game.application.GameLedger.Processed;
import club.pente.game.application.GameLedger.RecordPosition;
import club.pente.game.application.GameLedger.StoredEvent;
import club.pente.game.application.StaleGameException;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.LiveGame;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ledger's one-statement batch write on the real PostgreSQL: all of it, or nothing when a guard fails. */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class JdbcGameLedgerTest {
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MICROS);
    /** Record offsets of this run only: the test database also holds what other tests' pipelines wrote. */
    private static final long BASE = 1_000_000_000L + (System.nanoTime() & 0xFFFFFFL) * 100;

    @Inject
    JdbcGameLedger ledger;

    private static LiveGame fresh(String id) {
        LiveGame game = LiveGame.fresh(id, new PlayerRef("w-" + id, "white"), new PlayerRef("b-" + id, "black"), false, TimeControl.UNTIMED, NOW);
        return new LiveGame(id, game.white(), game.black(), false, TimeControl.UNTIMED, NOW, game.position(), 1, 0, 0, NOW);
    }

    private static Processed processed(String gameId, String commandId, long offset) {
        return new Processed(new CommandKey(gameId, "", commandId), new RecordPosition(0, offset), "APPLIED", NOW);
    }

    private static StoredEvent event(String gameId, long version, long offset) {
        return new StoredEvent(new EventRecord(gameId, "GameStarted", "{\"v\":" + version + "}"), UUID.randomUUID().toString(), version,
                new RecordPosition(0, offset), NOW);
    }

    @Test
    void aBatchIsWrittenWholeAndReadBack() {
        String id = "ledger-" + UUID.randomUUID();
        ledger.commit(new Batch(List.of(processed(id, "c1", BASE + 10)), List.of(new GameWrite(fresh(id), 0, 0)), List.of(),
                List.of(event(id, 1, BASE + 10))));

        LiveGame game = ledger.load(List.of(id, "no-such-game")).get(id);
        assertThat(game.version()).isEqualTo(1);
        assertThat(ledger.load(List.of("no-such-game"))).isEmpty();
        Map<CommandKey, RecordPosition> seen = ledger.processed(List.of(new CommandKey(id, "", "c1"), new CommandKey(id, "", "c2")));
        assertThat(seen).containsOnly(Map.entry(new CommandKey(id, "", "c1"), new RecordPosition(0, BASE + 10)));
        assertThat(ledger.eventsOf(List.of(new RecordPosition(0, BASE + 10)))).extracting(StoredEvent::version).containsExactly(1L);

        // The next batch places a stone and moves the game to version 2.
        game.position().play(club.pente.core.notation.Notation.parse("K10"));
        LiveGame moved = new LiveGame(id, game.white(), game.black(), false, TimeControl.UNTIMED, NOW, game.position(), 2, 0, 0, NOW);
        ledger.commit(new Batch(List.of(processed(id, "c2", BASE + 11)), List.of(new GameWrite(moved, 1, 0)),
                List.of(new AppliedMove(id, 1, Color.WHITE, "w-" + id, "K10", List.of(), "c2", 0, 0, NOW)), List.of(event(id, 2, BASE + 11))));
        assertThat(ledger.load(List.of(id)).get(id).position().ply()).isEqualTo(1);
    }

    @Test
    void aStaleGameFailsTheWholeBatchAndWritesNothing() {
        String id = "ledger-" + UUID.randomUUID();
        String other = "ledger-" + UUID.randomUUID();
        ledger.commit(new Batch(List.of(processed(id, "c1", BASE + 20)), List.of(new GameWrite(fresh(id), 0, 0)), List.of(), List.of()));

        LiveGame stale = new LiveGame(id, fresh(id).white(), fresh(id).black(), false, TimeControl.UNTIMED, NOW, fresh(id).position(), 3, 0, 0, NOW);
        Batch batch = new Batch(List.of(processed(other, "c1", BASE + 21), processed(id, "c9", BASE + 22)),
                List.of(new GameWrite(fresh(other), 0, 0), new GameWrite(stale, 2, 0)), List.of(), List.of(event(other, 1, BASE + 21)));
        assertThatThrownBy(() -> ledger.commit(batch)).isInstanceOf(StaleGameException.class).hasMessageContaining(id);

        assertThat(ledger.load(List.of(other))).as("the game created in the same batch").isEmpty();
        assertThat(ledger.processed(List.of(new CommandKey(other, "", "c1"), new CommandKey(id, "", "c9")))).isEmpty();
        assertThat(ledger.eventsOf(List.of(new RecordPosition(0, BASE + 21)))).isEmpty();
        assertThat(ledger.load(List.of(id)).get(id).version()).isEqualTo(1);
    }
}
