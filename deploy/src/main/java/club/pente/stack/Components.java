package club.pente.stack;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The stack's parts in start order, and selection by name on the command line.
 *
 * <p>Names: {@code kafka} is every broker of the mode (the single one at scale 1, kafka-1..3 when scaled) and
 * {@code kafka-2} one of them; {@code game} every game instance and {@code game-2} one; {@code services} every
 * service instance; {@code lb} the load balancer; {@code infra} the brokers, postgres and keycloak; {@code all}
 * or no name everything.
 */
public final class Components {

    public static final String KAFKA = "kafka";
    public static final String POSTGRES = "postgres";
    public static final String KEYCLOAK = "keycloak";
    public static final String SERVICES = "services";
    public static final List<String> INFRA = List.of(KAFKA, POSTGRES, KEYCLOAK);

    private Components() {
    }

    /**
     * Everything {@code up} starts, in order: the brokers, postgres, keycloak, the service instances, and
     * when scaled the load balancer in front of them.
     */
    public static List<Component> all(StackConfig config) {
        List<Component> all = new ArrayList<>(infra(config, Artifacts.load()));
        all.addAll(QuarkusServices.all(config));
        if (config.scaled()) {
            all.add(new LoadBalancer(config));
        }
        return all;
    }

    public static List<Component> infra(StackConfig config, Artifacts artifacts) {
        Component postgres = config.externalPostgres().isPresent()
                ? new ExternalPostgres(config)
                : new PostgresComponent(config, artifacts);
        List<Component> infra = new ArrayList<>(KafkaComponent.all(config, artifacts));
        infra.add(postgres);
        infra.add(new KeycloakComponent(config, artifacts));
        return infra;
    }

    /** The named parts, in start order; no name means all (see the class comment for the names). */
    public static List<Component> select(List<Component> all, List<String> names) {
        if (names.isEmpty()) {
            return all;
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (String n : names) {
            List<String> matched = matching(all, n);
            if (matched.isEmpty()) {
                throw new IllegalArgumentException("unknown component '" + n + "'; known: " + String.join(", ", known(all)));
            }
            wanted.addAll(matched);
        }
        List<Component> selected = new ArrayList<>();
        all.stream().filter(c -> wanted.contains(c.name())).forEach(selected::add);
        return selected;
    }

    private static List<String> matching(List<Component> all, String n) {
        List<String> names = new ArrayList<>();
        for (Component c : all) {
            if (n.equals("all")
                    || c.name().equals(n)
                    || groupOf(c).equals(n)
                    || (n.equals("infra") && INFRA.contains(groupOf(c)))
                    || (n.equals(SERVICES) && c instanceof HttpServiceComponent)) {
                names.add(c.name());
            }
        }
        return names;
    }

    /** The name without its instance number: game-2 -> game, kafka-1 -> kafka, postgres -> postgres. */
    static String groupOf(Component c) {
        return c.name().replaceFirst("-\\d+$", "");
    }

    private static List<String> known(List<Component> all) {
        Set<String> known = new TreeSet<>(List.of("all", "infra", SERVICES));
        for (Component c : all) {
            known.add(c.name());
            known.add(groupOf(c));
        }
        return new ArrayList<>(known);
    }
}
