package club.pente.testinfra;

import club.pente.stack.StackConfig;

import java.util.HashMap;
import java.util.Map;

/**
 * System properties that point a packaged service (see {@link ServiceProcess}) at the test stack: its
 * database, Kafka and Keycloak; {@link IsolatedTopics} gives it topics of its own.
 */
public final class ServiceProperties {
    private ServiceProperties() {
    }

    public static Map<String, String> datasource(StackConfig config, String database) {
        return Map.of(
                "quarkus.datasource.reactive.url", config.postgres().withDatabase(database).reactiveUrl(),
                "quarkus.datasource.jdbc.url", config.postgres().withDatabase(database).jdbcUrl(),
                "quarkus.datasource.username", config.postgresUser(),
                "quarkus.datasource.password", config.postgresPassword());
    }

    /** Kafka and Keycloak (and the development guest key), with few partitions for quick test topics. */
    public static Map<String, String> kafkaAndKeycloak(StackConfig config) {
        return Map.of(
                "kafka.bootstrap.servers", config.kafkaBootstrapServers(),
                "pente.kafka.partitions", "4",
                "quarkus.oidc.auth-server-url", config.realmUrl(),
                "quarkus.oidc.credentials.secret", config.servicesSecret(),
                "pente.guest.public-key", DemoTokens.devGuestPublicKey());
    }

    /** Everything a game-service process needs: stack, database and the run's topics. */
    public static Map<String, String> gameService(StackConfig config, String database, IsolatedTopics topics) {
        Map<String, String> props = new HashMap<>(kafkaAndKeycloak(config));
        props.putAll(datasource(config, database));
        props.putAll(topics.properties());
        // Tests may look at a fresh game for a while before its first move: the 30 s first-move abort must not
        // end it under them (the game service's own tests cover that abort).
        props.put("pente.game.first-move-seconds", "600");
        return props;
    }
}
