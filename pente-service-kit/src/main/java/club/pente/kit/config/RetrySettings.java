package club.pente.kit.config;

import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * A group for a service's mapping: how often a record that may be at fault itself is tried before it is
 * dead-lettered, and how an outage is waited out (backoff doubling up to {@code max-backoff}).
 */
public interface RetrySettings {

    @WithDefault("5")
    int attempts();

    @WithDefault("50ms")
    Duration firstBackoff();

    @WithDefault("5s")
    Duration maxBackoff();
}
