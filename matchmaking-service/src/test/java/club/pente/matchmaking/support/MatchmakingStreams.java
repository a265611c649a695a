package club.pente.matchmaking.support;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MatchmakingEvent;
import club.pente.core.contract.PresenceChanged;
import club.pente.core.contract.Topic;
import club.pente.testinfra.Await;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.StreamPublisher;
import club.pente.testinfra.StreamRecorder;
import club.pente.testinfra.StreamRecorder.Recorded;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A test's view of what matchmaking publishes (commands, notifications, with their record keys) since the
 * topics began; it also plays the game service and the gateway by publishing GameEnded and PresenceChanged.
 */
public final class MatchmakingStreams implements AutoCloseable {
    private final StreamPublisher publisher;
    private final StreamRecorder<GameCommand> commands;
    private final StreamRecorder<MatchmakingEvent> notifications;
    private final String eventsTopic;
    private final String presenceTopic;

    public MatchmakingStreams(String bootstrap, String commandsTopic, String eventsTopic, String presenceTopic,
                              String notificationsTopic) {
        this.eventsTopic = eventsTopic;
        this.presenceTopic = presenceTopic;
        commands = StreamRecorder.fromStart(bootstrap, json -> read(json, GameCommand.class), commandsTopic);
        try {
            notifications = StreamRecorder.fromStart(bootstrap, json -> read(json, MatchmakingEvent.class), notificationsTopic);
        } catch (RuntimeException e) {
            try {
                commands.close();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw e;
        }
        publisher = new StreamPublisher(bootstrap);
    }

    public static MatchmakingStreams of(Config config) {
        return new MatchmakingStreams(config.getValue("kafka.bootstrap.servers", String.class),
                IsolatedTopics.configured(config, Topic.GAME_COMMANDS), IsolatedTopics.configured(config, Topic.GAME_EVENTS),
                IsolatedTopics.configured(config, Topic.PRESENCE), IsolatedTopics.configured(config, Topic.MATCHMAKING_EVENTS));
    }

    /** The streams of a run's topics (packaged instances started by the test). */
    public static MatchmakingStreams of(String bootstrap, IsolatedTopics topics) {
        return new MatchmakingStreams(bootstrap, topics.name(Topic.GAME_COMMANDS), topics.name(Topic.GAME_EVENTS),
                topics.name(Topic.PRESENCE), topics.name(Topic.MATCHMAKING_EVENTS));
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Contracts.json().readValue(json, type);
        } catch (Exception e) {
            throw new IllegalStateException("not a " + type.getSimpleName(), e);
        }
    }

    public List<Recorded<GameCommand>> commands() {
        return commands.records();
    }

    public List<CreateGame> createGames() {
        return commands.values(CreateGame.class);
    }

    public List<Recorded<MatchmakingEvent>> notifications() {
        return notifications.records();
    }

    public CreateGame awaitCreateGame(String gameId) {
        return commands.awaitValue(null, CreateGame.class, create -> create.gameId().equals(gameId));
    }

    /** The first notification of this type sent to {@code key} that matches. */
    public <E extends MatchmakingEvent> E awaitNotification(String key, Class<E> type, Predicate<E> matching) {
        return notifications.awaitValue(key, type, matching);
    }

    public void publishEvent(GameEvent event) {
        publisher.sendJson(eventsTopic, event.gameId(), event);
    }

    public void publishPresence(PresenceChanged presence) {
        publisher.sendJson(presenceTopic, presence.scope(), presence);
    }

    /** Polls with a deadline (20 s) until the supplier gives something. */
    public static <T> T await(Supplier<T> supplier, String what) {
        return Await.until(what, supplier, Duration.ofSeconds(20));
    }

    @Override
    public void close() throws InterruptedException {
        try {
            commands.close();
        } finally {
            try {
                notifications.close();
            } finally {
                publisher.close();
            }
        }
    }
}
