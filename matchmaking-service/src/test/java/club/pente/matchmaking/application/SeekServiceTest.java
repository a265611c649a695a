package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.matchmaking.domain.PairingPolicy;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Seeks as their players see them, on the in-memory repositories (no stack): one waiting per player, matched is final. */
class SeekServiceTest {
    private final InMemoryTransactions store = new InMemoryTransactions();
    private final RecordingAfterCommit afterCommit = new RecordingAfterCommit();
    private final SeekService seeks = new SeekService(store, null, afterCommit, 1500, new Quotas(100, 100, 10, 100, 100, 5));
    private final PairingService pairing = new PairingService(store, new PairingPolicy(100, 50, Duration.ofSeconds(5), 1000,
            new Random(1)), afterCommit, new SimpleMeterRegistry(), Duration.ofSeconds(60));
    private final Player ann = new Player("guest:ann", "ann", false);
    private final Player ben = new Player("guest:ben", "ben", false);

    private static void refused(Runnable call, int status, String error) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.error()).isEqualTo(error);
        });
    }

    @Test
    void aMatchedSeekShowsItsOpponentAndCannotBeCancelled() {
        Seek mine = seeks.open(ann, "casual", "5+5");
        Seek theirs = seeks.open(ben, "CASUAL", "5+5");
        assertThat(afterCommit.seeksOpened.get()).isEqualTo(2);

        assertThat(pairing.round()).isEqualTo(1);

        SeekService.SeekState state = seeks.refresh(ann, mine.id());
        assertThat(state.seek().status()).isEqualTo(SeekStatus.MATCHED);
        assertThat(state.seek().gameId()).isNotNull().isEqualTo(seeks.refresh(ben, theirs.id()).seek().gameId());
        assertThat(state.seek().color()).isNotEqualTo(seeks.refresh(ben, theirs.id()).seek().color());
        assertThat(state.opponent()).isEqualTo(ben.ref());
        refused(() -> seeks.cancel(ann, mine.id()), 409, "ALREADY_MATCHED");
        refused(() -> seeks.refresh(ben, mine.id()), 403, "NOT_YOUR_SEEK");
        refused(() -> seeks.refresh(ann, "no-such-seek"), 404, "UNKNOWN_SEEK");
    }

    @Test
    void aPlayerWaitsWithOneSeekAtATimeAndACancelledSeekIsNeverPaired() {
        Seek first = seeks.open(ann, "CASUAL", "10+5");
        refused(() -> seeks.open(ann, "CASUAL", "3+2"), 409, "ALREADY_SEEKING");

        SeekService.SeekState cancelled = seeks.cancel(ann, first.id());
        assertThat(cancelled.seek().status()).isEqualTo(SeekStatus.CANCELLED);
        assertThat(cancelled.opponent()).isNull();
        seeks.open(ben, "CASUAL", "10+5");
        assertThat(pairing.round()).isZero();
        assertThat(store.state().commands).isEmpty();
    }

    @Test
    void rankedSeeksNeedAnAccount() {
        refused(() -> seeks.open(ann, "RANKED", "10+5"), 403, "RANKED_NEEDS_ACCOUNT");
        assertThat(store.state().seeks).isEmpty();
    }
}
