package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.rating.application.PoisonEventException;
import club.pente.rating.application.RatingProcessor;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.time.Duration;

/**
 * Reads {@code pente.game.events} in its own consumer group. Only {@code GameEnded} matters; every other
 * event type (including types added later) is acknowledged and skipped. A record is acknowledged only
 * after its effect committed, so a crash replays it and the game-id claim makes the replay harmless.
 * Unreadable records and events the rating logic cannot handle go to the dead-letter topic; database
 * trouble (including a deadlock or serialization failure) is retried until it passes.
 */
@ApplicationScoped
public class GameEventConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventConsumer.class);
    private static final String GAME_ENDED = "GameEnded";

    private final RatingProcessor processor;

    public GameEventConsumer(RatingProcessor processor) {
        this.processor = processor;
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
        return processor.process(ended)
                .onFailure(failure -> !(failure instanceof PoisonEventException))
                .invoke(failure -> LOG.warnf("game %s failed, retrying: %s", ended.gameId(), failure))
                .onFailure(failure -> !(failure instanceof PoisonEventException))
                .retry().withBackOff(Duration.ofMillis(50), Duration.ofSeconds(5)).indefinitely()
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
        return ended;
    }
}
