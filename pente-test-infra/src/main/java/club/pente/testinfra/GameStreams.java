package club.pente.testinfra;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.Topic;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A test's view of the game streams: sends commands like any producer would, and records every event
 * (and dead-lettered command) published from the moment it was opened.
 */
public final class GameStreams implements AutoCloseable {
    private final StreamPublisher publisher;
    private final StreamRecorder<GameEvent> events;
    private final StreamRecorder<String> deadLetters;
    private final Map<String, List<GameEvent>> byGame = new ConcurrentHashMap<>();
    private final String commandsTopic;

    public GameStreams(String bootstrapServers, String commandsTopic, String eventsTopic, String deadLetterTopic) {
        this.commandsTopic = commandsTopic;
        // Indexed by game as read: a load test asks for each of hundreds of games' events many times a second.
        events = StreamRecorder.fromNow(bootstrapServers, GameStreams::event,
                r -> byGame.computeIfAbsent(r.value().gameId(), id -> new CopyOnWriteArrayList<>()).add(r.value()), eventsTopic);
        try {
            deadLetters = StreamRecorder.rawFromNow(bootstrapServers, deadLetterTopic);
        } catch (RuntimeException e) {
            close(events);
            throw e;
        }
        publisher = new StreamPublisher(bootstrapServers);
    }

    /** The game topics a running service (a {@code @QuarkusTest}'s application) was configured with. */
    public static GameStreams of(Config config) {
        return new GameStreams(config.getValue("kafka.bootstrap.servers", String.class),
                IsolatedTopics.configured(config, Topic.GAME_COMMANDS), IsolatedTopics.configured(config, Topic.GAME_EVENTS),
                IsolatedTopics.configured(config, Topic.GAME_COMMANDS_DLQ));
    }

    private static GameEvent event(String json) {
        try {
            return Contracts.json().readValue(json, GameEvent.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable event", e);
        }
    }

    public void send(GameCommand command) {
        publisher.sendJson(commandsTopic, command.gameId(), command);
    }

    public void sendRaw(String key, String value) {
        publisher.send(commandsTopic, key, value);
    }

    /** The game's events so far, in order. */
    public List<GameEvent> events(String gameId) {
        events.requireRunning();
        return List.copyOf(byGame.getOrDefault(gameId, List.of()));
    }

    /** Every event record so far (key, value, headers), in the order read. */
    public List<StreamRecorder.Recorded<GameEvent>> eventRecords() {
        return events.records();
    }

    /** Every dead-lettered command so far, its value as it was sent. */
    public List<StreamRecorder.Recorded<String>> deadLetters() {
        return deadLetters.records();
    }

    /** Waits, with a deadline, for an event of the game that matches. */
    public <E extends GameEvent> E await(String gameId, Class<E> type, Predicate<E> matching, Duration timeout) {
        try {
            return type.cast(events.awaitMatching(type.getSimpleName() + " of game " + gameId,
                    r -> gameId.equals(r.value().gameId()) && type.isInstance(r.value()) && matching.test(type.cast(r.value())),
                    timeout).value());
        } catch (AssertionError e) {
            throw new AssertionError("no " + type.getSimpleName() + " for game " + gameId + " within " + timeout
                    + "; saw " + events(gameId));
        }
    }

    public <E extends GameEvent> E await(String gameId, Class<E> type, Predicate<E> matching) {
        return await(gameId, type, matching, StreamRecorder.DEFAULT_WAIT);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            events.close();
        } finally {
            try {
                deadLetters.close();
            } finally {
                publisher.close();
            }
        }
    }

    private static void close(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // already failing: the first failure is the one to report
        }
    }
}
