package club.pente.game.messaging;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** How this instance reads {@code pente.game.commands} ({@code pente.commands.*}; see application.properties). */
@ConfigMapping(prefix = "pente.commands")
public interface CommandStreamSettings {

    /** The consumer group every instance joins; the transactional ids derive from it. */
    String groupId();

    /** Streams in this instance, each with its own partitions, consumer and producer. */
    @WithDefault("1")
    int streams();

    @WithDefault("500")
    int maxBatch();

    @WithDefault("10s")
    Duration sessionTimeout();

    @WithDefault("3s")
    Duration heartbeat();

    @WithDefault("10s")
    Duration transactionTimeout();

    Retry retry();

    /** A batch that failed for one of its commands: this many attempts of each alone, then the dead letters. */
    interface Retry {
        @WithDefault("5")
        int attempts();

        @WithDefault("50ms")
        Duration firstBackoff();

        @WithDefault("5s")
        Duration maxBackoff();
    }
}
