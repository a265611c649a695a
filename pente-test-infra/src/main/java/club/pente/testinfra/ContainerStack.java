package club.pente.testinfra;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.testcontainers.containers.GenericContainer;

/**
 * Kafka, PostgreSQL and Keycloak as containers ({@link StackContainers}), each started the first time this JVM
 * asks for it and stopped when the JVM ends (Testcontainers' reaper removes them should the JVM die). They take
 * the credentials, admin and services secret of the local stack's configuration; only the addresses differ.
 */
final class ContainerStack implements StackProvider {

    private final StackConfig base;
    private final BooleanSupplier engineAnswers;
    private final Map<String, GenericContainer<?>> started = new LinkedHashMap<>();
    private boolean engineChecked;

    ContainerStack(StackConfig base, BooleanSupplier engineAnswers) {
        this.base = base;
        this.engineAnswers = engineAnswers;
    }

    @Override
    public synchronized StackConfig config() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        started.forEach((name, container) -> ports.put(name, container.getMappedPort(StackContainers.port(name))));
        String host = started.isEmpty() ? base.connectHost() : started.values().iterator().next().getHost();
        return configFor(base, host, ports);
    }

    @Override
    public synchronized StackConfig ensure(List<String> names) {
        List<String> wanted = select(names);
        if (!engineChecked) {
            if (!engineAnswers.getAsBoolean()) {
                throw new IllegalStateException("the test stack is set to containers (" + StackChoice.PROPERTY + " or "
                        + StackChoice.ENV + "), but no Docker engine answers (DOCKER_HOST, ~/.testcontainers.properties"
                        + " and the Docker sockets were tried); set it to local or auto");
            }
            engineChecked = true;
            Runtime.getRuntime().addShutdownHook(new Thread(this::stopAll, "pente-test-containers-down"));
        }
        for (String name : wanted) {
            if (!started.containsKey(name)) {
                GenericContainer<?> container = StackContainers.create(name, base);
                System.out.println("[pente-test-infra] starting " + name + " as a container ("
                        + StackContainers.image(name) + ") for this test run");
                container.start();
                started.put(name, container);
            }
        }
        return config();
    }

    /**
     * The configuration the services get from containers reachable at {@code host} on {@code mappedPorts} (by
     * component name): the local stack's shape, with container addresses. Parts not started keep the base's.
     * The container's PostgreSQL replaces a PENTE_PG_URL server, with the same credentials.
     */
    static StackConfig configFor(StackConfig base, String host, Map<String, Integer> mappedPorts) {
        int keycloakPort = mappedPorts.getOrDefault(Components.KEYCLOAK, base.keycloakPort());
        return new StackConfig(base.home(), host,
                mappedPorts.getOrDefault(Components.KAFKA, base.kafkaPort()),
                base.kafkaControllerPort(),
                mappedPorts.getOrDefault(Components.POSTGRES, base.postgresPort()),
                Optional.empty(),
                base.postgresUser(), base.postgresPassword(),
                keycloakPort,
                mappedPorts.containsKey(Components.KEYCLOAK) ? "http://" + host + ":" + keycloakPort : base.keycloakUrl(),
                base.keycloakAdmin(), base.keycloakAdminPassword(), base.servicesSecret(), base.scale(), base.env());
    }

    /** The named infrastructure parts in start order ({@code infra} or no name: all three); services are no containers. */
    static List<String> select(List<String> names) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String name : names.isEmpty() ? List.of("infra") : names) {
            if (name.equals("infra")) {
                wanted.addAll(Components.INFRA);
            } else if (Components.INFRA.contains(name)) {
                wanted.add(name);
            } else {
                throw new IllegalArgumentException("the container stack has " + String.join(", ", Components.INFRA)
                        + " only, not '" + name + "'");
            }
        }
        List<String> ordered = new ArrayList<>(Components.INFRA);
        ordered.retainAll(wanted);
        return ordered;
    }

    private synchronized void stopAll() {
        List<String> names = new ArrayList<>(started.keySet());
        for (int i = names.size() - 1; i >= 0; i--) {
            started.get(names.get(i)).stop();
        }
        started.clear();
    }
}
