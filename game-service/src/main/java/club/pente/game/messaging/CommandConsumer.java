package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.game.application.CommandProcessor;
import club.pente.game.application.PoisonCommandException;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.time.Duration;

/**
 * Reads {@code pente.game.commands}. Kafka gives this instance some partitions; every game keyed to
 * them is written here and nowhere else. A command is acknowledged only after its outcome committed,
 * so a crash replays it and the command-id check makes the replay harmless. Unreadable records and
 * commands the authority cannot handle go to the dead-letter topic.
 */
@ApplicationScoped
public class CommandConsumer {
    private static final Logger LOG = Logger.getLogger(CommandConsumer.class);

    private final CommandProcessor processor;

    public CommandConsumer(CommandProcessor processor) {
        this.processor = processor;
    }

    @Incoming("commands")
    public Uni<Void> consume(Message<String> message) {
        IncomingKafkaRecordMetadata<?, ?> metadata = message.getMetadata(IncomingKafkaRecordMetadata.class).orElseThrow();
        GameCommand command;
        try {
            command = read(message.getPayload(), metadata.getKey());
        } catch (UnreadableCommandException e) {
            LOG.warnf("unreadable command at partition %d offset %d: %s", metadata.getPartition(), metadata.getOffset(), e.getMessage());
            return Uni.createFrom().completionStage(message.nack(e));
        }
        // Infrastructure failures (database down, a concurrent writer) are retried until they pass, so that
        // no accepted command is lost; a command the authority itself cannot handle is dead-lettered.
        return processor.process(command, metadata.getPartition())
                .onFailure(failure -> !(failure instanceof PoisonCommandException))
                .invoke(failure -> LOG.warnf("command %s for game %s failed, retrying: %s", command.commandId(), command.gameId(), failure))
                .onFailure(failure -> !(failure instanceof PoisonCommandException))
                .retry().withBackOff(Duration.ofMillis(50), Duration.ofSeconds(5)).indefinitely()
                .onItem().transformToUni(done -> Uni.createFrom().completionStage(message.ack()))
                .onFailure().recoverWithUni(failure -> {
                    LOG.errorf(failure, "sending command %s for game %s to the dead-letter topic", command.commandId(), command.gameId());
                    return Uni.createFrom().completionStage(message.nack(failure));
                });
    }

    static GameCommand read(String payload, Object key) {
        if (payload == null) {
            throw new UnreadableCommandException("empty record", null);
        }
        GameCommand command;
        try {
            command = Contracts.json().readValue(payload, GameCommand.class);
        } catch (Exception e) {
            throw new UnreadableCommandException("not a command: " + e.getMessage(), e);
        }
        if (key == null || !key.toString().equals(command.gameId())) {
            // A command keyed otherwise may land on a partition that does not own its game.
            throw new UnreadableCommandException("record key " + key + " is not the game id " + command.gameId(), null);
        }
        return command;
    }
}
