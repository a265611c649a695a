package club.pente.testinfra;

import club.pente.stack.StackConfig;

import java.util.HashMap;
import java.util.Map;

/**
 * System properties that point a packaged service (see {@link ServiceProcess}) at the test stack: its
 * database, Kafka, Keycloak, and topics of its own so that runs never see each other's messages.
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

    /** The game topics, named {@code <prefix>.game.commands} and so on. */
    public static Map<String, String> gameTopics(String prefix) {
        return Map.of(
                "pente.topic.commands", prefix + ".game.commands",
                "pente.topic.events", prefix + ".game.events",
                "pente.topic.commands-dlq", prefix + ".game.commands.dlq");
    }

    /** Everything a game-service process needs: stack, database and the given topics. */
    public static Map<String, String> gameService(StackConfig config, String database, String topicPrefix) {
        Map<String, String> props = new HashMap<>(kafkaAndKeycloak(config));
        props.putAll(datasource(config, database));
        props.putAll(gameTopics(topicPrefix));
        return props;
    }
}
