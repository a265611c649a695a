package club.pente.rating.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.Ids;
import club.pente.core.contract.GameEvent;
import club.pente.messaging.RetryBudget;
import club.pente.messaging.TypeHeader;
import club.pente.rating.application.RatingProcessor;
import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.Headers;
import club.pente.kit.config.RetrySettings;
import io.smallrye.config.ConfigMapping;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads {@code pente.game.events} in its own consumer group, a whole poll at a time. Only {@code GameEnded}
 * and {@code GameAnnulled} (an admin annulled a finished game: its rating changes are reversed) matter: a record whose type header names another event is passed over unread, one without the header
 * is read only as far as its type, and every other event type (including types added later) is skipped.
 * The GameEnded records of a batch are applied one after the other in offset order, and the batch is
 * acknowledged only after every one of them committed or was dead-lettered, so a crash replays them and
 * the game-id claim makes the replay harmless. Records that are not a valid GameEnded (ids, names, times
 * outside the contract or the database's range) and events the rating logic refuses go to the dead-letter
 * topic at once. Any other failure is retried within a {@link RetryBudget}: a database outage (or a
 * deadlock) is waited out, since every record would fail alike; a failure that may be the record's own
 * gets a few attempts, then the record is dead-lettered, so no record holds up its partition for longer
 * than its budget.
 */
@ApplicationScoped
public class GameEventConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventConsumer.class);
    private static final String GAME_ENDED = "GameEnded";
    private static final String GAME_ANNULLED = "GameAnnulled";
    private static final TypeHeader TYPES = new TypeHeader(EventHeaders.TYPE, List.of(GAME_ENDED, GAME_ANNULLED));

    /** Times PostgreSQL can store and Java's clock can read, with room to spare: years 1970 to 9999. */
    static final Instant EARLIEST = Instant.EPOCH;
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    private final RatingProcessor processor;
    private final DeadLetters deadLetters;
    private final RetryBudget retry;

    @Inject
    public GameEventConsumer(RatingProcessor processor, DeadLetters deadLetters, RatingSettings settings) {
        this(processor, deadLetters, settings.retry().attempts(), settings.retry().firstBackoff(), settings.retry().maxBackoff());
    }

    public GameEventConsumer(RatingProcessor processor, DeadLetters deadLetters, int attempts, Duration firstBackoff,
                             Duration maxBackoff) {
        this.processor = processor;
        this.deadLetters = deadLetters;
        this.retry = new RetryBudget(attempts, firstBackoff, maxBackoff);
    }

    /** {@code pente.rating.*}: a game event that failed is tried this often before it is dead-lettered. */
    @ConfigMapping(prefix = "pente.rating")
    public interface RatingSettings {
        RetrySettings retry();
    }

    @Incoming("game-events")
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        List<KafkaRecord<String, String>> work = new ArrayList<>();
        for (KafkaRecord<String, String> record : batch) {
            if (!TYPES.skips(record.getHeaders())) {
                work.add(record);
            }
        }
        if (work.isEmpty()) {
            return Uni.createFrom().completionStage(batch.ack());
        }
        // Each record's work starts on the consumer's context, as the reactive database session requires.
        Context context = Vertx.currentContext();
        return Multi.createFrom().iterable(work)
                .onItem().transformToUniAndConcatenate(record -> onContext(context, () -> consume(record.getKey(), record.getHeaders(),
                        record.getPayload(), origin(record))))
                .collect().last()
                .chain(() -> Uni.createFrom().completionStage(batch.ack()));
    }

    private static DeadLetters.Origin origin(KafkaRecord<String, String> record) {
        long offset = record.getMetadata(IncomingKafkaRecordMetadata.class).map(IncomingKafkaRecordMetadata::getOffset).orElse(-1L);
        return new DeadLetters.Origin(record.getTopic(), record.getPartition(), offset);
    }

    private static Uni<Void> onContext(Context context, Supplier<Uni<Void>> work) {
        Uni<Void> deferred = Uni.createFrom().deferred(work::get);
        return context == null ? deferred : deferred.runSubscriptionOn(task -> context.runOnContext(ignored -> task.run()));
    }

    /** One record: applied, skipped, or dead-lettered; the Uni completes when that is done and never fails. */
    Uni<Void> consume(String key, Headers headers, String payload, DeadLetters.Origin origin) {
        if (TYPES.skips(headers)) {
            return Uni.createFrom().voidItem();
        }
        GameEvent event;
        try {
            event = readEvent(payload);
        } catch (UnreadableEventException e) {
            LOG.warnf("unreadable game event at partition %d offset %d: %s", origin.partition(), origin.offset(), e.getMessage());
            return deadLetters.send(key, payload, headers, origin, e);
        }
        if (event == null) {
            return Uni.createFrom().voidItem();
        }
        Supplier<Uni<RatingProcessor.Result>> work = event instanceof GameAnnulled annulled
                ? () -> processor.annul(annulled) : () -> processor.process((GameEnded) event);
        return retry.run(work, (failure, kind, attempt, delay) -> LOG.warnf(
                        "game %s failed (%s, attempt %d), retrying in %d ms: %s", event.gameId(), kind, attempt, delay.toMillis(), failure))
                .replaceWithVoid()
                .onFailure().recoverWithUni(failure -> {
                    LOG.errorf(failure, "sending game %s to the dead-letter topic", event.gameId());
                    return deadLetters.send(key, payload, headers, origin, failure);
                });
    }

    /** The GameEnded in a record, null for any other event type (a GameAnnulled included); throws when the record is not an event. */
    static GameEnded read(String payload) {
        return readEvent(payload) instanceof GameEnded ended ? ended : null;
    }

    /**
     * The GameEnded or GameAnnulled in a record, null for any other event type; throws when the record is not an
     * event or one of those two outside the contract.
     */
    static GameEvent readEvent(String payload) {
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
        if (GAME_ANNULLED.equals(type.asText())) {
            return annulled(tree);
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

    /** A GameAnnulled as the audit needs it: a staff actor, a reason people can read, a storable time. */
    private static GameAnnulled annulled(JsonNode tree) {
        GameAnnulled annulled;
        try {
            annulled = (GameAnnulled) Contracts.json().treeToValue(tree, GameEvent.class);
        } catch (Exception e) {
            throw new UnreadableEventException("not a GameAnnulled: " + e.getMessage(), e);
        }
        if (annulled.gameId() == null || annulled.eventId() == null || annulled.white() == null || annulled.black() == null
                || annulled.occurredAt() == null || annulled.staff() == null) {
            throw new UnreadableEventException("GameAnnulled without gameId, eventId, players, occurredAt or staff", null);
        }
        if (!Ids.isText(annulled.reason(), Ids.MAX_REASON)) {
            throw new UnreadableEventException("GameAnnulled without a reason of 1 to " + Ids.MAX_REASON + " characters", null);
        }
        if (annulled.occurredAt().isBefore(EARLIEST) || annulled.occurredAt().isAfter(LATEST)) {
            throw new UnreadableEventException("occurredAt " + annulled.occurredAt() + " is not between " + EARLIEST + " and " + LATEST, null);
        }
        return annulled;
    }
}
