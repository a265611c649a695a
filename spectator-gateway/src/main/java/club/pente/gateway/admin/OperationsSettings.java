package club.pente.gateway.admin;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The staff pages' sources ({@code pente.operations.*}, application.properties for each one's variable). */
@ConfigMapping(prefix = "pente.operations")
public interface OperationsSettings {
    /** Each service's management interface, whose {@code /q/health} the operations page shows. */
    Health health();

    /** The brokers the AdminClient asks ({@code kafka.bootstrap.servers} unless set). */
    String kafkaBootstrap();

    /** How long one call to a service (audit, status, health) may take before it counts as unavailable. */
    @WithDefault("3s")
    Duration callTimeout();

    /** How long the Kafka figures (lag, dead letters) are reused: a page refreshed in a loop cannot hammer the brokers. */
    @WithDefault("5s")
    Duration kafkaCache();

    /** How long the Kafka admin calls of one refresh may take in all (a few seconds per call on a loaded broker). */
    @WithDefault("15s")
    Duration kafkaTimeout();

    /** The newest records shown per dead-letter topic. */
    @WithDefault("5")
    int deadLetterRecords();

    /** A dead-letter record's value is cut to this many characters. */
    @WithDefault("2048")
    int deadLetterValueChars();

    interface Health {
        @WithDefault("http://127.0.0.1:9081")
        String game();

        @WithDefault("http://127.0.0.1:9082")
        String matchmaking();

        @WithDefault("http://127.0.0.1:9083")
        String rating();

        @WithDefault("http://127.0.0.1:9084")
        String ai();

        @WithDefault("http://127.0.0.1:9080")
        String gateway();
    }
}
