package club.pente.rating.messaging;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Puts a game event record this service gives up on into the dead-letter topic: its key, value and
 * headers, plus where it came from and why, in the headers the connector's own dead-letter strategy uses.
 * Records are read in batches, so the batch consumer dead-letters each record itself; the returned Uni
 * completes once Kafka has the copy (a Kafka outage is waited out), so the batch is acknowledged only then.
 */
@ApplicationScoped
public class DeadLetters {
    private static final Logger LOG = Logger.getLogger(DeadLetters.class);
    static final String REASON = "dead-letter-reason";
    static final String CAUSE = "dead-letter-cause";
    static final String TOPIC = "dead-letter-topic";
    static final String PARTITION = "dead-letter-partition";
    static final String OFFSET = "dead-letter-offset";

    private final MutinyEmitter<String> emitter;

    public DeadLetters(@Channel("game-events-dead-letters") MutinyEmitter<String> emitter) {
        this.emitter = emitter;
    }

    /** Where a record was read. */
    public record Origin(String topic, int partition, long offset) {
    }

    public Uni<Void> send(String key, String value, Headers headers, Origin origin, Throwable reason) {
        RecordHeaders copy = new RecordHeaders();
        if (headers != null) {
            headers.forEach(copy::add);
        }
        copy.add(REASON, bytes(String.valueOf(reason.getMessage())));
        if (reason.getCause() != null) {
            copy.add(CAUSE, bytes(String.valueOf(reason.getCause().getMessage())));
        }
        copy.add(TOPIC, bytes(origin.topic()));
        copy.add(PARTITION, bytes(Integer.toString(origin.partition())));
        copy.add(OFFSET, bytes(Long.toString(origin.offset())));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder().withKey(key).withHeaders(copy).build();
        return Uni.createFrom().deferred(() -> emitter.sendMessage(Message.of(value).addMetadata(metadata)))
                .onFailure().invoke(failure -> LOG.warnf("cannot dead-letter the record at %s-%d offset %d yet: %s",
                        origin.topic(), origin.partition(), origin.offset(), failure.toString()))
                .onFailure().retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(5)).indefinitely();
    }

    private static byte[] bytes(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
