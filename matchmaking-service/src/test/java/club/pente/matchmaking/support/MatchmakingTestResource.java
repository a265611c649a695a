package club.pente.matchmaking.support;

import club.pente.testinfra.PenteStackTestResource;
import club.pente.testinfra.TestDatabases;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Real Kafka, PostgreSQL and Keycloak for the matchmaking tests, isolated from anything else on the same
 * stack: a freshly created database, topics and consumer groups named for this run only. No rating
 * service runs, so every rating is the default 1500.
 */
public class MatchmakingTestResource implements QuarkusTestResourceLifecycleManager {
    public static final String DATABASE = "pente_matchmaking_test";
    private final PenteStackTestResource stack = new PenteStackTestResource();

    @Override
    public void init(Map<String, String> initArgs) {
        stack.init(Map.of("database", DATABASE));
    }

    @Override
    public Map<String, String> start() {
        TestDatabases.recreate(DATABASE);
        Map<String, String> props = new HashMap<>(stack.start());
        props.putAll(runTopics("test." + UUID.randomUUID().toString().substring(0, 8)));
        props.put("pente.rating.url", "http://127.0.0.1:1");
        return props;
    }

    /** Topic names and consumer groups of one run. */
    public static Map<String, String> runTopics(String prefix) {
        Map<String, String> props = new HashMap<>();
        props.put("pente.topic.commands", prefix + ".game.commands");
        props.put("pente.topic.events", prefix + ".game.events");
        props.put("pente.topic.presence", prefix + ".presence");
        props.put("pente.topic.matchmaking-events", prefix + ".matchmaking.events");
        props.put("pente.kafka.partitions", "4");
        props.put("mp.messaging.incoming.game-events.group.id", prefix + ".matchmaking");
        props.put("mp.messaging.incoming.game-events.auto.offset.reset", "earliest");
        props.put("mp.messaging.incoming.presence.group.id", prefix + ".matchmaking-presence");
        return props;
    }

    @Override
    public void stop() {
        stack.stop();
    }
}
