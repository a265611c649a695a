package club.pente.ai.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** Sends the computer's commands to the game's owner, keyed by game id. */
@ApplicationScoped
public class MoveSender {
    private final Emitter<Record<String, String>> emitter;

    public MoveSender(@Channel("ai-commands") Emitter<Record<String, String>> emitter) {
        this.emitter = emitter;
    }

    public void send(GameCommand command) {
        try {
            emitter.send(Record.of(command.gameId(), Contracts.json().writeValueAsString(command)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
