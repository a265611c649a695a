package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.messaging.RetryBudget;
import club.pente.rating.application.RatingProcessor;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;

/**
 * Reads {@code pente.game.events} in its own consumer group. Only {@code GameEnded} matters; every other
 * event type (including types added later) is acknowledged and skipped. A record is acknowledged only
 * after its effect committed, so a crash replays it and the game-id claim makes the replay harmless.
 * Records that are not a valid GameEnded (ids, names, times outside the contract or the database's range)
 * and events the rating logic refuses go to the dead-letter topic at once. Any other failure is retried
 * within a {@link RetryBudget}: a database outage (or a deadlock) is waited out, since every record would
 * fail alike; a failure that may be the record's own gets a few attempts, then the record is dead-lettered,
 * so no record holds up its partition for longer than its budget.
 */
@ApplicationScoped
public class GameEventConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventConsumer.class);
    private static final String GAME_ENDED = "GameEnded";

    /** Times PostgreSQL can store and Java's clock can read, with room to spare: years 1970 to 9999. */
    static final Instant EARLIEST = Instant.EPOCH;
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    private final RatingProcessor processor;
    private final RetryBudget retry;

    public GameEventConsumer(RatingProcessor processor,
                             @ConfigProperty(name = "pente.rating.retry.attempts", defaultValue = "5") int attempts,
                             @ConfigProperty(name = "pente.rating.retry.first-backoff", defaultValue = "50ms") Duration firstBackoff,
                             @ConfigProperty(name = "pente.rating.retry.max-backoff", defaultValue = "5s") Duration maxBackoff) {
        this.processor = processor;
        this.retry = new RetryBudget(attempts, firstBackoff, maxBackoff);
    }

    @Incoming("game-events")
    public Uni<Void> consume(Message<String> message) {
        GameEnded ended;
        try {
            ended = read(message.getPayload());
        } catch (UnreadableEventException e) {
            message.getMetadata(IncomingKafkaRecordMetadata.class).ifPresent(metadata -> LOG.warnf(
                    "unreadable game event at partition %d offset %d: %s", metadata.getPartition(), metadata.getOffset(), e.getMessage()));
            return Uni.createFrom().completionStage(message.nack(e));
        }
        if (ended == null) {
            return Uni.createFrom().completionStage(message.ack());
        }
        return retry.run(() -> processor.process(ended), (failure, kind, attempt, delay) -> LOG.warnf(
                        "game %s failed (%s, attempt %d), retrying in %d ms: %s", ended.gameId(), kind, attempt, delay.toMillis(), failure))
                .onItem().transformToUni(done -> Uni.createFrom().completionStage(message.ack()))
                .onFailure().recoverWithUni(failure -> {
                    LOG.errorf(failure, "sending game %s to the dead-letter topic", ended.gameId());
                    return Uni.createFrom().completionStage(message.nack(failure));
                });
    }

    /** The GameEnded in a record, null for any other event type; throws when the record is not an event. */
    static GameEnded read(String payload) {
        if (payload == null || payload.isBlank()) {
            throw new UnreadableEventException("empty record", null);
        }
        JsonNode tree;
        try {
            tree = Contracts.json().readTree(payload);
        } catch (Exception e) {
            throw new UnreadableEventException("not JSON: " + e.getMessage(), e);
        }
        JsonNode type = tree == null ? null : tree.get("type");
        if (type == null || !type.isTextual()) {
            throw new UnreadableEventException("no event type", null);
        }
        if (!GAME_ENDED.equals(type.asText())) {
            return null;
        }
        GameEnded ended;
        try {
            ended = (GameEnded) Contracts.json().treeToValue(tree, GameEvent.class);
        } catch (Exception e) {
            throw new UnreadableEventException("not a GameEnded: " + e.getMessage(), e);
        }
        if (ended.gameId() == null || ended.eventId() == null || ended.result() == null || ended.reason() == null
                || ended.white() == null || ended.black() == null || ended.occurredAt() == null) {
            throw new UnreadableEventException("GameEnded without gameId, eventId, result, reason, players or occurredAt", null);
        }
        if (ended.occurredAt().isBefore(EARLIEST) || ended.occurredAt().isAfter(LATEST)) {
            throw new UnreadableEventException("occurredAt " + ended.occurredAt() + " is not between " + EARLIEST + " and " + LATEST, null);
        }
        return ended;
    }
}
