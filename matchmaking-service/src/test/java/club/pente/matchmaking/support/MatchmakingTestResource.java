package club.pente.matchmaking.support;

import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.PenteStackTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;

/**
 * Real Kafka, PostgreSQL and Keycloak for the matchmaking tests, isolated from anything else on the same
 * stack: a freshly created database, topics and consumer groups named for this run only. No rating
 * service runs, so every rating is the default 1500.
 */
public class MatchmakingTestResource implements QuarkusTestResourceLifecycleManager {
    public static final String DATABASE = "pente_matchmaking_test";
    @Override
    public Map<String, String> start() {
        Map<String, String> props = PenteStackTestResource.freshRun(DATABASE, runProperties(IsolatedTopics.fresh("test")));
        props.put("pente.rating.url", "http://127.0.0.1:1");
        return props;
    }

    /** Topic names and consumer groups of one run. */
    public static Map<String, String> runProperties(IsolatedTopics topics) {
        String prefix = topics.namespace();
        Map<String, String> props = new HashMap<>(topics.properties());
        props.put("pente.kafka.partitions", "4");
        props.put("mp.messaging.incoming.game-events.group.id", prefix + ".matchmaking");
        props.put("mp.messaging.incoming.game-events.auto.offset.reset", "earliest");
        props.put("mp.messaging.incoming.presence.group.id", prefix + ".matchmaking-presence");
        return props;
    }

    @Override
    public void stop() {
        // The stack outlives the test run (see KafkaTestResource#stop).
    }
}
