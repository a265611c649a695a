package club.pente.testinfra;

import club.pente.core.contract.Topic;
import org.eclipse.microprofile.config.Config;

import java.util.Map;
import java.util.UUID;

/**
 * Every topic of the catalogue ({@link Topic}) under a namespace of one test run, so that runs on the
 * same broker never see each other's records: {@link #properties()} for the services, {@link #name} for
 * a test's recorders and publishers.
 */
public final class IsolatedTopics {
    private final String namespace;

    private IsolatedTopics(String namespace) {
        this.namespace = namespace;
    }

    /** A namespace never used before: {@code <prefix>.<8 hex digits>}, e.g. {@code test.1a2b3c4d}. */
    public static IsolatedTopics fresh(String prefix) {
        return new IsolatedTopics(prefix + "." + UUID.randomUUID().toString().substring(0, 8));
    }

    /** The namespace, e.g. to name consumer groups of the run or to find its topics afterwards. */
    public String namespace() {
        return namespace;
    }

    /** This run's name of a topic, e.g. {@code test.1a2b3c4d.game.events}. */
    public String name(Topic topic) {
        return topic.nameIn(namespace);
    }

    /** {@code pente.topic.<key>} = this run's name, for every topic of the catalogue. */
    public Map<String, String> properties() {
        return Topic.isolatedIn(namespace);
    }

    /** The name a running service (a {@code @QuarkusTest}'s application) was given for a topic. */
    public static String configured(Config config, Topic topic) {
        return config.getValue(topic.property(), String.class);
    }
}
