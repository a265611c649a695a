package club.pente.rating.support;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.StreamPublisher;
import club.pente.testinfra.StreamRecorder;
import club.pente.testinfra.StreamRecorder.Recorded;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A test's view of the streams around the rating service: publishes game events as the game service
 * does (JSON, keyed by game id) and records every RatingChanged and dead-lettered record from the
 * moment it was opened.
 */
public final class RatingStreams implements AutoCloseable {
    private final StreamPublisher publisher;
    private final StreamRecorder<RatingChanged> ratings;
    private final StreamRecorder<String> deadLetters;
    private final StreamRecorder<AuditEntry> audit;
    private final String eventsTopic;

    /** The topics of the application under test. */
    public static RatingStreams open() {
        var config = ConfigProvider.getConfig();
        return new RatingStreams(config.getValue("kafka.bootstrap.servers", String.class),
                IsolatedTopics.configured(config, Topic.GAME_EVENTS), IsolatedTopics.configured(config, Topic.RATING_EVENTS),
                IsolatedTopics.configured(config, Topic.RATING_GAME_EVENTS_DLQ), IsolatedTopics.configured(config, Topic.ADMIN_AUDIT));
    }

    public RatingStreams(String bootstrapServers, String eventsTopic, String ratingTopic, String deadLetterTopic, String auditTopic) {
        this.eventsTopic = eventsTopic;
        ratings = StreamRecorder.fromNow(bootstrapServers, RatingStreams::ratingChanged, ratingTopic);
        deadLetters = StreamRecorder.rawFromNow(bootstrapServers, deadLetterTopic);
        audit = StreamRecorder.fromNow(bootstrapServers, RatingStreams::auditEntry, auditTopic);
        publisher = new StreamPublisher(bootstrapServers);
    }

    private static AuditEntry auditEntry(String json) {
        try {
            return Contracts.json().readValue(json, AuditEntry.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable audit entry", e);
        }
    }

    /** The admin who annuls in these tests, as the game service names the staff member in GameAnnulled. */
    public static final StaffActor ADMIN = new StaffActor("admin-subject-" + UUID.randomUUID(), "admin", StaffRole.ADMIN);

    /** A GameAnnulled as the game service publishes it after an admin's AnnulGame. */
    public static GameAnnulled annulled(GameEnded game, String reason) {
        return new GameAnnulled(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), game.gameId(), game.version() + 1,
                Contracts.now(), UUID.randomUUID().toString(), game.ranked(), game.white(), game.black(), ADMIN, reason);
    }

    /** Sends it keyed by game id with the type header, as the game service does; returns the JSON sent. */
    public String publish(GameAnnulled event) {
        String json = StreamPublisher.json(event);
        sendTyped(event.gameId(), json, "GameAnnulled");
        return json;
    }

    /** Every audit entry on pente.admin.audit so far. */
    public List<Recorded<AuditEntry>> auditRecords() {
        return audit.records();
    }

    private static RatingChanged ratingChanged(String json) {
        try {
            return Contracts.json().readValue(json, RatingChanged.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable rating event", e);
        }
    }

    /** A GameEnded as the game service would publish it. */
    public static GameEnded ended(String gameId, PlayerRef white, PlayerRef black, Status result, EndReason reason, boolean ranked) {
        return new GameEnded(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), gameId, 42, Contracts.now(),
                UUID.randomUUID().toString(), result, reason, ranked, white, black, 41, PerSide.ZERO,
                new PerSide(result == Status.WHITE_WINS ? 5 : 0, result == Status.BLACK_WINS ? 5 : 0), null);
    }

    public static GameEnded ranked(PlayerRef white, PlayerRef black, Status result) {
        return ended(UUID.randomUUID().toString(), white, black, result,
                result == Status.DRAW ? EndReason.BOARD_FULL : EndReason.FIVE_IN_A_ROW, true);
    }

    /** A ranked game of the variant at the time control, won by five in a row (or drawn), as the game service publishes it now. */
    public static GameEnded ranked(PlayerRef white, PlayerRef black, Status result, Variant variant, TimeControl timeControl) {
        return new GameEnded(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), UUID.randomUUID().toString(), 42, Contracts.now(),
                UUID.randomUUID().toString(), result, result == Status.DRAW ? EndReason.BOARD_FULL : EndReason.FIVE_IN_A_ROW, true,
                white, black, 41, PerSide.ZERO, new PerSide(result == Status.WHITE_WINS ? 5 : 0, result == Status.BLACK_WINS ? 5 : 0),
                null, variant, timeControl, null);
    }

    public static PlayerRef account(String name) {
        return new PlayerRef(UUID.randomUUID().toString(), name);
    }

    public void publish(GameEnded event) {
        publisher.sendJson(eventsTopic, event.gameId(), event);
    }

    /** Sends many at once (the producer batches them) and waits until all are acknowledged. */
    public void publishAll(List<GameEnded> events) {
        publisher.sendAllJson(eventsTopic, events, GameEnded::gameId);
    }

    public void sendRaw(String key, String value) {
        publisher.send(eventsTopic, key, value);
    }

    /** Sends a record with the event type header the game service sets, whatever the value says. */
    public void sendTyped(String key, String value, String eventType) {
        publisher.send(eventsTopic, key, value, Map.of(EventHeaders.TYPE, eventType));
    }

    /** Every RatingChanged record so far (keyed by player id). */
    public List<Recorded<RatingChanged>> ratingRecords() {
        return ratings.records();
    }

    public List<RatingChanged> ratingChanges(String gameId) {
        return ratings.values().stream().filter(changed -> changed.gameId().equals(gameId)).toList();
    }

    /** Every dead-lettered record so far, its value as it was sent. */
    public List<Recorded<String>> deadLetters() {
        return deadLetters.records();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            ratings.close();
            deadLetters.close();
            audit.close();
        } finally {
            publisher.close();
        }
    }
}
