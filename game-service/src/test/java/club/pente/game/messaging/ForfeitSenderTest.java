package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.game.application.SanctionsBoard;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The forfeit consumer acts on the board's latest state, not on the record it was handed: a lagging consumer or a
 * replay forfeits nothing after a lift or a newer suspension, and failures are retried a bounded number of times.
 */
class ForfeitSenderTest {
    private static final StaffActor ADMIN = new StaffActor("admin-id", "admin", StaffRole.ADMIN);
    private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");
    private static final Clock CLOCK = Clock.fixed(T0, ZoneOffset.UTC);

    private final SanctionsBoard board = new SanctionsBoard(CLOCK);
    private final List<ForfeitGame> sent = new ArrayList<>();
    private final List<Instant> askedBefore = new ArrayList<>();
    private final AtomicInteger queries = new AtomicInteger();

    private ForfeitSender sender(ForfeitSender.LiveGamesOf games, ForfeitSender.Send send, ForfeitSender.BoardRead read) {
        return new ForfeitSender(games, send, read, board, CLOCK, 1000, 3, Duration.ofMillis(1));
    }

    private ForfeitSender sender() {
        return sender((player, before, limit) -> {
            queries.incrementAndGet();
            askedBefore.add(before);
            return List.of("g1", "g2");
        }, sent::add, (partition, offset) -> true);
    }

    private static PlayerSanctions suspension(String id, Instant since, Instant until, boolean forfeit) {
        return new PlayerSanctions(Contracts.SCHEMA_VERSION, "e-" + id, "p1",
                new PlayerSanctions.Suspension(id, since, until, "cheating", forfeit, ADMIN), null, since);
    }

    @Test
    void theSuspensionStillInForceOnTheBoardForfeitsTheGamesCreatedBeforeIt() {
        board.apply(suspension("s1", T0.minusSeconds(30), null, true));
        sender().handle(0, 7, "p1", "s1");
        assertThat(sent).extracting(ForfeitGame::gameId).containsExactly("g1", "g2");
        assertThat(sent.get(0).commandId()).isEqualTo(ForfeitSender.commandId("s1", "g1"));
        assertThat(sent.get(0).suspensionId()).isEqualTo("s1");
        // cut-off: the later of since and its arrival here (T0); games created after were refused to the player at creation
        assertThat(askedBefore).containsExactly(T0);
    }

    @Test
    void aLiftedSuspensionForfeitsNothingWhenItsOldRecordComesLate() {
        board.apply(suspension("s1", T0.minusSeconds(30), null, true));
        board.apply(new PlayerSanctions(Contracts.SCHEMA_VERSION, "lift", "p1", null, null, T0));
        sender().handle(0, 7, "p1", "s1");
        assertThat(sent).isEmpty();
        assertThat(queries).hasValue(0);
    }

    @Test
    void anOlderSuspensionsRecordForfeitsNothingOnceANewerOneReplacedIt() {
        board.apply(suspension("s2", T0.minusSeconds(5), null, false));
        sender().handle(0, 7, "p1", "s1");
        assertThat(sent).isEmpty();
    }

    @Test
    void anEndedSuspensionForfeitsNothing() {
        board.apply(suspension("s1", T0.minusSeconds(60), T0.minusSeconds(1), true));
        sender().handle(0, 7, "p1", "s1");
        assertThat(sent).isEmpty();
    }

    @Test
    void aSuspensionWhoseSinceIsAheadOfOurClockStillForfeits() {
        board.apply(suspension("s1", T0.plusSeconds(5), null, true)); // matchmaking's clock 5 s ahead
        sender().handle(0, 7, "p1", "s1");
        assertThat(sent).hasSize(2);
        assertThat(askedBefore).containsExactly(T0.plusSeconds(5));
    }

    @Test
    void aFailingQueryIsRetriedAndTheForfeitsGoOut() {
        board.apply(suspension("s1", T0.minusSeconds(30), null, true));
        AtomicInteger calls = new AtomicInteger();
        sender((player, before, limit) -> {
            if (calls.incrementAndGet() < 3) {
                throw new IllegalStateException("database down");
            }
            return List.of("g1");
        }, sent::add, (partition, offset) -> true).handle(0, 7, "p1", "s1");
        assertThat(calls).hasValue(3);
        assertThat(sent).extracting(ForfeitGame::gameId).containsExactly("g1");
    }

    @Test
    void aSendThatKeepsFailingIsGivenUpAfterTheAttemptsWithoutThrowing() {
        board.apply(suspension("s1", T0.minusSeconds(30), null, true));
        AtomicInteger sends = new AtomicInteger();
        sender((player, before, limit) -> List.of("g1"), forfeit -> {
            sends.incrementAndGet();
            throw new IllegalStateException("kafka down");
        }, (partition, offset) -> true).handle(0, 7, "p1", "s1");
        assertThat(sends).hasValue(3);
    }

    @Test
    void nothingIsDecidedBeforeTheBoardHasReadTheRecord() {
        AtomicInteger waits = new AtomicInteger();
        sender((player, before, limit) -> {
            queries.incrementAndGet();
            return List.of("g1");
        }, sent::add, (partition, offset) -> {
            assertThat(partition).isEqualTo(2);
            assertThat(offset).isEqualTo(41L);
            // the feed reads the record during the second wait
            if (waits.incrementAndGet() == 2) {
                board.apply(suspension("s1", T0.minusSeconds(30), null, true));
                return true;
            }
            return false;
        }).handle(2, 41, "p1", "s1");
        assertThat(waits).hasValue(2);
        assertThat(sent).hasSize(1);
    }
}
