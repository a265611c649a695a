package club.pente.game.messaging;

import club.pente.kit.config.RetrySettings;
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

    /** A batch that failed for one of its commands: this many attempts of each alone, then the dead letters. */
    RetrySettings retry();
}
