package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** Puts commands on {@code pente.game.commands}, keyed by game id so that they reach the game's owner. */
@ApplicationScoped
public class CommandSender {
    private final Emitter<Record<String, String>> emitter;

    public CommandSender(@Channel("commands-out") Emitter<Record<String, String>> emitter) {
        this.emitter = emitter;
    }

    public Uni<Void> send(GameCommand command) {
        String json;
        try {
            json = Contracts.json().writeValueAsString(command);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        return Uni.createFrom().completionStage(emitter.send(Record.of(command.gameId(), json)));
    }
}
