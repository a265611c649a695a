package club.pente.rating.support;

import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.KafkaTestResource;
import club.pente.testinfra.KeycloakTestResource;
import club.pente.testinfra.PostgresTestResource;
import club.pente.testinfra.TestStack;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Real Kafka and PostgreSQL for the rating service's tests, isolated from anything else on the same
 * stack: a freshly created database and topics named for this run only, and the real Keycloak for the staff
 * endpoints (tokens from {@code DemoTokens}). Four partitions and four consumers, so that games
 * of one player really are processed at the same time.
 */
public class RatingServiceTestResource implements QuarkusTestResourceLifecycleManager {
    public static final String DATABASE = "pente_rating_test";
    private final KafkaTestResource kafka = new KafkaTestResource();
    private final PostgresTestResource postgres = new PostgresTestResource();
    private final KeycloakTestResource keycloak = new KeycloakTestResource();

    @Override
    public void init(Map<String, String> initArgs) {
        postgres.init(Map.of(PostgresTestResource.DATABASE_ARG, DATABASE));
    }

    @Override
    public Map<String, String> start() {
        TestDatabases.recreate(DATABASE);
        Map<String, String> props = new HashMap<>(kafka.start());
        props.putAll(postgres.start());
        props.putAll(keycloak.start());
        props.putAll(IsolatedTopics.fresh("test").properties());
        props.put("pente.kafka.partitions", "4");
        props.put("mp.messaging.incoming.game-events.concurrency", "4");
        return props;
    }

    @Override
    public void stop() {
        kafka.stop();
        postgres.stop();
    }
}
