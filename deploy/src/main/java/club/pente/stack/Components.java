package club.pente.stack;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The stack's parts in start order, and selection by name on the command line. */
public final class Components {

    public static final String KAFKA = "kafka";
    public static final String POSTGRES = "postgres";
    public static final String KEYCLOAK = "keycloak";
    public static final List<String> INFRA = List.of(KAFKA, POSTGRES, KEYCLOAK);

    private Components() {
    }

    /** Everything {@code up} starts, in order. Services join this list after the infrastructure. */
    public static List<Component> all(StackConfig config) {
        List<Component> all = new ArrayList<>(infra(config, Artifacts.load()));
        all.addAll(QuarkusServices.all(config));
        return all;
    }

    public static List<Component> infra(StackConfig config, Artifacts artifacts) {
        Component postgres = config.externalPostgres().isPresent()
                ? new ExternalPostgres(config)
                : new PostgresComponent(config, artifacts);
        return List.of(new KafkaComponent(config, artifacts), postgres, new KeycloakComponent(config, artifacts));
    }

    /** The named parts, in start order; {@code infra} names the three infrastructure parts, no name means all. */
    public static List<Component> select(List<Component> all, List<String> names) {
        if (names.isEmpty()) {
            return all;
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (String n : names) {
            if (n.equals("infra")) {
                wanted.addAll(INFRA);
            } else if (n.equals("all")) {
                all.forEach(c -> wanted.add(c.name()));
            } else if (all.stream().anyMatch(c -> c.name().equals(n))) {
                wanted.add(n);
            } else {
                throw new IllegalArgumentException("unknown component '" + n + "'; known: infra, "
                        + String.join(", ", all.stream().map(Component::name).toList()));
            }
        }
        List<Component> selected = new ArrayList<>();
        all.stream().filter(c -> wanted.contains(c.name())).forEach(selected::add);
        return selected;
    }
}
