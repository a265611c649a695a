package club.pente.kit.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Map;
import java.util.Optional;

/**
 * A service's outbox (the table {@code outbox}), described by properties: {@code pente.outbox.name} turns the relay on. Rows go
 * to one topic ({@code pente.outbox.topic}, a catalogue key) or, with a channel column, to the topic
 * their channel names ({@code pente.outbox.channels.<CHANNEL>=<catalogue key>}).
 */
@ConfigMapping(prefix = "pente.outbox")
public interface OutboxSettings {

    /** Names the relay in logs, metrics ({@code pente.<name>.outbox.backlog}) and as the Kafka client id; empty: no outbox. */
    Optional<String> name();

    /** The column holding the record key. */
    @WithDefault("record_key")
    String keyColumn();

    Optional<String> channelColumn();

    /** The catalogue key of the one topic, where there is no channel column. */
    Optional<String> topic();

    /** Channel value to catalogue key, where there is a channel column. */
    Map<String, String> channels();

    /** The PostgreSQL advisory lock that elects one relay among the instances, e.g. {@code 0x50656E7465526174}. */
    Optional<String> lockKey();

    @WithDefault("200")
    int batchSize();

    /** How often to look for rows other instances committed. */
    @WithDefault("100")
    long pollMillis();
}
