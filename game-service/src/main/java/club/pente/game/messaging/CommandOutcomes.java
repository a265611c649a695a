package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import io.smallrye.mutiny.Uni;
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

    /** Register before sending the command, so that a fast outcome is not missed. */
    public Uni<GameEvent> expect(String commandId, Duration timeout) {
        CompletableFuture<GameEvent> future = waiting.computeIfAbsent(commandId, id -> new CompletableFuture<>());
        return Uni.createFrom().completionStage(future)
                .ifNoItem().after(timeout).recoverWithItem((GameEvent) null)
                .eventually(() -> waiting.remove(commandId));
    }

    @Incoming("outcomes")
    public void onEvent(String payload) {
        GameEvent event;
        try {
            event = Contracts.json().readValue(payload, GameEvent.class);
        } catch (Exception e) {
            LOG.debugf("ignoring an unreadable event: %s", e.getMessage());
            return;
        }
        String commandId = commandIdOf(event);
        if (commandId == null) {
            return;
        }
        CompletableFuture<GameEvent> future = waiting.get(commandId);
        if (future != null) {
            future.complete(event);
        }
    }

    private static String commandIdOf(GameEvent event) {
        if (event instanceof MovePlayed played) {
            return played.commandId();
        }
        if (event instanceof MoveRejected rejected) {
            return rejected.commandId();
        }
        if (event instanceof GameEnded ended) {
            return ended.commandId();
        }
        return event instanceof GameStarted started ? started.commandId() : null;
    }
}
