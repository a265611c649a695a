package club.pente.game.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.game.application.CommandProcessor;
import club.pente.messaging.RetryBudget;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.time.Duration;

/**
 * Reads {@code pente.game.commands}. Kafka gives this instance some partitions; every game keyed to
 * them is written here and nowhere else. A command is acknowledged only after its outcome committed,
 * so a crash replays it and the command-id check makes the replay harmless. Unreadable records (bad
 * JSON, ids or fields outside {@link club.pente.core.contract.Ids}) go to the dead-letter topic at once;
 * a command whose handling keeps failing goes there after its retry budget, so that it never holds up
 * the partition; a database outage is waited out, since every command would fail alike.
 */
@ApplicationScoped
public class CommandConsumer {
    private static final Logger LOG = Logger.getLogger(CommandConsumer.class);

    private final CommandProcessor processor;
    private final RetryBudget retry;

    public CommandConsumer(CommandProcessor processor,
                           @ConfigProperty(name = "pente.commands.retry.attempts", defaultValue = "5") int attempts,
                           @ConfigProperty(name = "pente.commands.retry.first-backoff", defaultValue = "50ms") Duration firstBackoff,
                           @ConfigProperty(name = "pente.commands.retry.max-backoff", defaultValue = "5s") Duration maxBackoff) {
        this.processor = processor;
        this.retry = new RetryBudget(attempts, firstBackoff, maxBackoff);
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
        return retry.run(() -> processor.process(command, metadata.getPartition()),
                        (failure, kind, attempt, delay) -> LOG.warnf("command %s for game %s failed (%s, attempt %d), retrying in %d ms: %s",
                                command.commandId(), command.gameId(), kind, attempt, delay.toMillis(), failure))
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
        if (command == null) {
            throw new UnreadableCommandException("a JSON null is not a command", null);
        }
        if (key == null || !key.toString().equals(command.gameId())) {
            // A command keyed otherwise may land on a partition that does not own its game.
            throw new UnreadableCommandException("record key " + key + " is not the game id " + command.gameId(), null);
        }
        return command;
    }
}
