package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import io.smallrye.mutiny.Uni;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lets a request wait for what the authority did with a command it sent. Every instance reads the
 * whole event stream (its own consumer group, from the end) and completes the waiter registered under
 * the event's command id, whichever instance owns the game.
 */
@ApplicationScoped
public class CommandOutcomes {
    private static final Logger LOG = Logger.getLogger(CommandOutcomes.class);

    private final Map<String, CompletableFuture<GameEvent>> waiting = new ConcurrentHashMap<>();
    /** How many waiters each game has: every other game's events are skipped by record key, unparsed. */
    private final Map<String, Integer> waitingGames = new ConcurrentHashMap<>();

    /**
     * Register before sending the command, so that a fast outcome is not missed. A command id counts only
     * within its game and for its sender: someone reusing another player's id never sees that outcome.
     */
    public Uni<GameEvent> expect(String gameId, String actorId, String commandId, Duration timeout) {
        String key = key(gameId, actorId, commandId);
        waitingGames.merge(gameId, 1, Integer::sum);
        CompletableFuture<GameEvent> future = waiting.computeIfAbsent(key, id -> new CompletableFuture<>());
        return Uni.createFrom().completionStage(future)
                .ifNoItem().after(timeout).recoverWithItem((GameEvent) null)
                .eventually(() -> {
                    waiting.remove(key);
                    waitingGames.computeIfPresent(gameId, (id, count) -> count == 1 ? null : count - 1);
                });
    }

    /** A poll's worth of events at once (channel in batch mode): most are skipped by key, unparsed. */
    @Incoming("outcomes")
    public void onEvents(ConsumerRecords<String, String> records) {
        if (waitingGames.isEmpty()) {
            return;
        }
        for (ConsumerRecord<String, String> record : records) {
            if (record.key() != null && waitingGames.containsKey(record.key())) {
                onEvent(record);
            }
        }
    }

    private void onEvent(ConsumerRecord<String, String> record) {
        String payload = record.value();
        GameEvent event;
        try {
            event = Contracts.json().readValue(payload, GameEvent.class);
        } catch (Exception e) {
            LOG.debugf("ignoring an unreadable event: %s", e.getMessage());
            return;
        }
        String commandId = event.commandId();
        if (commandId == null || waiting.isEmpty()) {
            return;
        }
        String actor = actorOf(event);
        if (actor != null) {
            complete(key(event.gameId(), actor, commandId), event);
            return;
        }
        // GameEnded and GameStarted do not name who sent the command: any sender of that id in that game
        // waits for it. Resign and abort ids are made by the server, so nobody else can know them early.
        String prefix = event.gameId() + '\n';
        String suffix = '\n' + commandId;
        waiting.forEach((key, future) -> {
            if (key.startsWith(prefix) && key.endsWith(suffix)) {
                future.complete(event);
            }
        });
    }

    private void complete(String key, GameEvent event) {
        CompletableFuture<GameEvent> future = waiting.get(key);
        if (future != null) {
            future.complete(event);
        }
    }

    private static String key(String gameId, String actorId, String commandId) {
        return gameId + '\n' + actorId + '\n' + commandId; // ids never contain a newline (Ids)
    }

    private static String actorOf(GameEvent event) {
        if (event instanceof MovePlayed played) {
            return played.playerId();
        }
        return event instanceof MoveRejected rejected ? rejected.playerId() : null;
    }

}
