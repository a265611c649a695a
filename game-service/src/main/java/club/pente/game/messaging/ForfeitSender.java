package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.PlayerSanctions;
import club.pente.game.application.SanctionsBoard;
import club.pente.game.persistence.StaffQueries;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Forfeits a suspended player's live games when staff chose so: one consumer group for all instances
 * ({@code pente-game-forfeits}) on {@code pente.admin.sanctions}. A record is only a cue: the truth is this instance's
 * {@link SanctionsBoard} once it has read that record, and only if the board still holds the same suspension, not
 * ended, with forfeit, does it send one {@link ForfeitGame} per live game created before the suspension took effect
 * (so a lagging consumer or a replay of the topic forfeits nothing after a lift, and no game started since). Command
 * ids derive from the suspension and the game, so a redelivery or a retry is a duplicate the authority ignores.
 */
@ApplicationScoped
public class ForfeitSender {
    private static final Logger LOG = Logger.getLogger(ForfeitSender.class);
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

    /** A player's live games created before an instant (oldest first), at most {@code limit}. */
    @FunctionalInterface
    interface LiveGamesOf {
        List<String> of(String playerId, Instant createdBefore, int limit);
    }

    /** Sends one command, throwing when it could not. */
    @FunctionalInterface
    interface Send {
        void send(ForfeitGame forfeit);
    }

    /** Waits until the board holds the record at this partition and offset; false when it does not in time. */
    @FunctionalInterface
    interface BoardRead {
        boolean awaitRead(int partition, long offset) throws InterruptedException;
    }

    private final LiveGamesOf games;
    private final Send sender;
    private final BoardRead boardRead;
    private final SanctionsBoard board;
    private final Clock clock;
    private final int maxForfeits;
    private final int attempts;
    private final Duration backoff;

    @Inject
    public ForfeitSender(StaffQueries queries, CommandSender sender, SanctionsBoard board, @Readiness SanctionsFeed feed, Clock clock,
                         SanctionsSettings settings) {
        this(queries::liveGamesOf, forfeit -> sender.send(forfeit).await().atMost(SEND_TIMEOUT),
                (partition, offset) -> feed.awaitRead(partition, offset, settings.catchUpTimeout()), board, clock,
                settings.maxForfeits(), settings.forfeitAttempts(), settings.forfeitBackoff());
    }

    ForfeitSender(LiveGamesOf games, Send sender, BoardRead boardRead, SanctionsBoard board, Clock clock, int maxForfeits,
                  int attempts, Duration backoff) {
        this.games = games;
        this.sender = sender;
        this.boardRead = boardRead;
        this.board = board;
        this.clock = clock;
        this.maxForfeits = maxForfeits;
        this.attempts = Math.max(1, attempts);
        this.backoff = backoff;
    }

    @Incoming("sanctions-forfeits")
    @Blocking
    public void onSanctions(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return; // a tombstone lifts everything; nothing to forfeit
        }
        PlayerSanctions sanctions = SanctionsFeed.read(record.value());
        if (sanctions == null || !sanctions.playerId().equals(record.key())) {
            LOG.warnf("forfeits: skipping a record keyed %s that is not a PlayerSanctions of that player", record.key());
            return;
        }
        if (sanctions.suspension() == null || !sanctions.suspension().forfeitLiveGames()) {
            return;
        }
        handle(record.partition(), record.offset(), sanctions.playerId(), sanctions.suspension().id());
    }

    /**
     * Retries a failure (the board not there yet, the database, a send that failed Kafka's own retries) a few times
     * with a growing pause: resending is harmless (fixed command ids). Then the record is logged and left, so one
     * poison record never holds the partition; staff may suspend again to repeat the forfeits.
     */
    void handle(int partition, long offset, String playerId, String suspensionId) {
        Duration pause = backoff;
        for (int attempt = 1; ; attempt++) {
            try {
                forfeitNow(partition, offset, playerId, suspensionId);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                LOG.warnf("forfeits: interrupted on suspension %s of %s (partition %d offset %d)", suspensionId, playerId, partition, offset);
                return;
            } catch (RuntimeException e) {
                if (attempt >= attempts) {
                    LOG.errorf(e, "forfeits: giving up on suspension %s of %s (partition %d offset %d) after %d attempts; "
                            + "its live games may not be forfeited", suspensionId, playerId, partition, offset, attempt);
                    return;
                }
                LOG.warnf("forfeits: suspension %s of %s failed (attempt %d of %d), again in %d ms: %s", suspensionId, playerId,
                        attempt, attempts, pause.toMillis(), e.toString());
                try {
                    Thread.sleep(pause.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
                pause = pause.multipliedBy(2);
            }
        }
    }

    private void forfeitNow(int partition, long offset, String playerId, String suspensionId) throws InterruptedException {
        if (!boardRead.awaitRead(partition, offset)) {
            throw new IllegalStateException("this instance's sanctions board has not read partition " + partition + " offset " + offset + " yet");
        }
        SanctionsBoard.Held held = board.held(playerId);
        Instant before = forfeitCutoff(held, suspensionId, clock.instant());
        if (before == null) {
            return;
        }
        PlayerSanctions.Suspension suspension = held.received().suspension();
        for (String gameId : games.of(playerId, before, maxForfeits)) {
            sender.send(new ForfeitGame(Contracts.SCHEMA_VERSION, commandId(suspension.id(), gameId), gameId, playerId,
                    suspension.id(), suspension.staff(), suspension.reason(), Contracts.now()));
        }
    }

    /**
     * Games created before this instant are forfeited, or none (null) unless the board's latest state for the player is
     * this very suspension, with forfeit, not ended. {@code since} is matchmaking's clock and plays no part in whether it
     * is in force here (a lift removes it from the board); the cut-off is the later of {@code since} and its arrival on
     * this board: any game created after that was refused to the suspended player at creation.
     */
    static Instant forfeitCutoff(SanctionsBoard.Held held, String suspensionId, Instant now) {
        if (held == null || held.received().suspension() == null) {
            return null;
        }
        PlayerSanctions.Suspension suspension = held.received().suspension();
        if (!suspension.id().equals(suspensionId) || !suspension.forfeitLiveGames()
                || (suspension.until() != null && !now.isBefore(suspension.until()))) {
            return null;
        }
        return suspension.since().isAfter(held.suspensionArrived()) ? suspension.since() : held.suspensionArrived();
    }

    /** The same for every delivery of the same suspension: the authority's processed-commands dedupe does the rest. */
    public static String commandId(String suspensionId, String gameId) {
        return "forfeit-" + UUID.nameUUIDFromBytes((suspensionId + "/" + gameId).getBytes(StandardCharsets.UTF_8));
    }
}
