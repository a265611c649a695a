package club.pente.load;

import club.pente.core.contract.PlayerRef;
import club.pente.load.GameLedger.Tracked;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The move log against the stream, on hand-made ledgers: a move not stored, one stored twice, one never read, an event lost. */
class DbVerifierTest {
    private static Tracked game(String id, long lastVersion, String... confirmed) {
        Tracked t = new Tracked(new LoadGame(id, new PlayerRef("w-" + id, "W"), new PlayerRef("b-" + id, "B"), new String[] {"K10"}));
        t.confirmedCommands.addAll(List.of(confirmed));
        for (int v = 1; v <= lastVersion; v++) {
            t.versions.set(v);
        }
        return t;
    }

    @Test
    void everyConfirmedMoveStoredOnceAndEveryStoredEventSeenIsOk() {
        DbVerifier.Stored stored = new DbVerifier.Stored(Map.of("g1", Map.of("c1", 1, "c2", 1)), 2, Map.of("g1", Set.of(1L, 2L, 3L)));
        DbVerifier.Result r = DbVerifier.compare(stored, List.of(game("g1", 3, "c1", "c2")));
        assertThat(r.ok()).isTrue();
        assertThat(r.confirmed()).isEqualTo(2);
    }

    @Test
    void aConfirmedMoveMissingFromTheLogIsNotStored() {
        DbVerifier.Stored stored = new DbVerifier.Stored(Map.of("g1", Map.of("c1", 1)), 1, null);
        DbVerifier.Result r = DbVerifier.compare(stored, List.of(game("g1", 3, "c1", "c2")));
        assertThat(r.notStored()).isEqualTo(1);
        assertThat(r.ok()).isFalse();
        assertThat(r.neverPublished()).isEqualTo(-1);
        assertThat(r.faultyGames()).singleElement().asString().contains("g1");
    }

    @Test
    void aCommandStoredTwiceIsFound() {
        DbVerifier.Stored stored = new DbVerifier.Stored(Map.of("g1", Map.of("c1", 2)), 2, null);
        DbVerifier.Result r = DbVerifier.compare(stored, List.of(game("g1", 2, "c1")));
        assertThat(r.storedTwice()).isEqualTo(1);
        assertThat(r.ok()).isFalse();
    }

    @Test
    void aStoredMoveNeverConfirmedAndAStoredEventNeverSeenAreLost() {
        DbVerifier.Stored stored = new DbVerifier.Stored(Map.of("g1", Map.of("c1", 1, "c2", 1)), 2, Map.of("g1", Set.of(1L, 2L, 3L)));
        DbVerifier.Result r = DbVerifier.compare(stored, List.of(game("g1", 2, "c1")));
        assertThat(r.storedNotConfirmed()).isEqualTo(1);
        assertThat(r.neverPublished()).isEqualTo(1);
        assertThat(r.ok()).isFalse();
    }
}
