package club.pente.testinfra;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** A real Kafka broker for a service's tests: {@code @QuarkusTestResource(KafkaTestResource.class)}. */
public class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return properties(TestStack.get().ensure(Components.KAFKA));
    }

    static Map<String, String> properties(StackConfig config) {
        return Map.of("kafka.bootstrap.servers", config.kafkaBootstrapServers(),
                "quarkus.kafka.devservices.enabled", "false");
    }

    @Override
    public void stop() {
        // The stack outlives each Quarkus app; TestStack stops what it started when the JVM ends.
    }
}
