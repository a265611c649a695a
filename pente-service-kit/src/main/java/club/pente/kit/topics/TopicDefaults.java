package club.pente.kit.topics;

import club.pente.core.contract.Topic;
import org.eclipse.microprofile.config.spi.ConfigSource;

import java.util.Map;
import java.util.Set;

/**
 * The catalogue's topic names as the lowest-priority configuration, so that {@code ${pente.topic.events}}
 * in a service's channel settings resolves without the service spelling the name again; any property
 * file, system property or environment variable overrides it.
 */
public class TopicDefaults implements ConfigSource {
    private static final Map<String, String> DEFAULTS = Topic.defaults();

    @Override
    public Set<String> getPropertyNames() {
        return DEFAULTS.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return DEFAULTS.get(propertyName);
    }

    @Override
    public String getName() {
        return "pente topic catalogue";
    }

    @Override
    public int getOrdinal() {
        return 10;
    }
}
