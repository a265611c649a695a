package club.pente.gateway.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** Turns players' socket messages into commands for the game's owner, keyed by game id. */
@ApplicationScoped
public class CommandSender {
    private final Emitter<Record<String, String>> emitter;

    public CommandSender(@Channel("commands-out") Emitter<Record<String, String>> emitter) {
        this.emitter = emitter;
    }

    public Uni<Void> send(GameCommand command) {
        try {
            return Uni.createFrom().completionStage(emitter.send(Record.of(command.gameId(), Contracts.json().writeValueAsString(command))));
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
    }
}
