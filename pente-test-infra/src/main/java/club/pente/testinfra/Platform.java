package club.pente.testinfra;

import club.pente.core.contract.Topic;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole platform as the packaged services (game, rating, matchmaking, ai, gateway), each its own
 * process on the test stack, with databases and topics of this run only: for tests that must meet the
 * platform as a browser or an attacker does. Ports are {@code base} (gateway) to {@code base + 4}.
 */
public final class Platform implements AutoCloseable {
    public static final List<String> SERVICES = List.of("game", "rating", "matchmaking", "ai", "gateway");

    private final StackConfig config;
    private final String name;
    private final int basePort;
    private final IsolatedTopics topics;
    private final Map<String, ServiceProcess> processes = new HashMap<>();

    private Platform(StackConfig config, String name, int basePort, IsolatedTopics topics) {
        this.config = config;
        this.name = name;
        this.basePort = basePort;
        this.topics = topics;
    }

    /**
     * Starts every service. {@code overrides} maps a service name (see {@link #SERVICES}) to extra system
     * properties for it, e.g. higher rate limits.
     */
    public static Platform start(String name, int basePort, Map<String, Map<String, String>> overrides) throws Exception {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        IsolatedTopics topics = IsolatedTopics.fresh(name);
        Platform platform = new Platform(config, name, basePort, topics);
        try {
            platform.startAll(topics.namespace(), overrides);
        } catch (Exception e) {
            platform.close();
            throw e;
        }
        return platform;
    }

    private void startAll(String run, Map<String, Map<String, String>> overrides) throws Exception {
        Map<String, String> common = new HashMap<>(topics.properties());
        common.putAll(ServiceProperties.kafkaAndKeycloak(config));

        // Consumer groups of this run only: members of one group on other tests' topics would make every
        // start and stop elsewhere a rebalance here.
        String group = run;
        Map<String, String> game = new HashMap<>(common);
        game.putAll(database("game"));
        game.put("pente.commands.group-id", "pente-game-service-" + group);
        // A long run (the hostile suite) may leave a game it made waiting for its first move: not aborted under it.
        game.put("pente.game.first-move-seconds", "600");
        launch("game", game, overrides);

        Map<String, String> rating = new HashMap<>(common);
        rating.putAll(database("rating"));
        rating.put("mp.messaging.incoming.game-events.group.id", "pente-rating-service-" + group);
        launch("rating", rating, overrides);

        Map<String, String> matchmaking = new HashMap<>(common);
        matchmaking.putAll(database("matchmaking"));
        matchmaking.put("mp.messaging.incoming.game-events.group.id", "pente-matchmaking-" + group);
        matchmaking.put("mp.messaging.incoming.presence.group.id", "pente-matchmaking-presence-" + group);
        matchmaking.put("pente.rating.url", url("rating"));
        matchmaking.put("pente.invitation.link-base", url("gateway") + "/#/invite/");
        launch("matchmaking", matchmaking, overrides);

        Map<String, String> ai = new HashMap<>(common);
        ai.put("quarkus.rest-client.game-service.url", url("game"));
        ai.put("mp.messaging.incoming.game-events.group.id", "pente-ai-service-" + group);
        ai.put("pente.ai.threads", "1");
        launch("ai", ai, overrides);

        Map<String, String> gateway = new HashMap<>(common);
        gateway.put("pente.ws.allowed-origins", url("gateway") + ",http://localhost:" + port("gateway"));
        gateway.put("pente.route.games", url("game"));
        gateway.put("pente.route.matchmaking", url("matchmaking"));
        gateway.put("pente.route.ratings", url("rating"));
        gateway.put("pente.route.ai", url("ai"));
        gateway.put("pente.web.keycloak-url", config.realmUrl());
        gateway.put("pente.guest.private-key-file", DemoTokens.devKeyFile("guest-dev-private.pem").toAbsolutePath().toString());
        launch("gateway", gateway, overrides);

        // Five JVMs starting at once on a busy two-core machine may take longer than two minutes: overridable.
        Duration ready = Duration.ofSeconds(Long.getLong("pente.platform.ready-seconds", 120));
        for (ServiceProcess process : processes.values()) {
            process.awaitReady(ready);
        }
    }

    private Map<String, String> database(String service) {
        String database = databaseOf(service);
        TestDatabases.recreate(database);
        return ServiceProperties.datasource(config, database);
    }

    /** The throw-away database of a service in this platform, e.g. {@code pente_game_hostile_test}. */
    public String databaseOf(String service) {
        return "pente_" + service + "_" + name + "_test";
    }

    private void launch(String service, Map<String, String> properties, Map<String, Map<String, String>> overrides) throws IOException {
        Map<String, String> all = new HashMap<>(properties);
        all.putAll(overrides.getOrDefault(service, Map.of()));
        processes.put(service, ServiceProcess.start(jar(service), service + "-" + name, port(service), all));
    }

    /** The packaged service, found from the repository root above the working directory. */
    public static File jar(String service) {
        String module = service.equals("gateway") ? "spectator-gateway" : service + "-service";
        File root = DemoTokens.devKeyFile("README.md").toAbsolutePath().getParent().getParent().getParent().toFile();
        return new File(root, module + "/target/quarkus-app/quarkus-run.jar");
    }

    /** The gateway on {@code base}, then game, rating, matchmaking and ai on the next ports. */
    public int port(String service) {
        int index = List.of("gateway", "game", "rating", "matchmaking", "ai").indexOf(service);
        if (index < 0) {
            throw new IllegalArgumentException("no service " + service);
        }
        return basePort + index;
    }

    public String url(String service) {
        return "http://127.0.0.1:" + port(service);
    }

    public ServiceProcess process(String service) {
        return processes.get(service);
    }

    /** This platform's name of a topic. */
    public String topic(Topic topic) {
        return topics.name(topic);
    }

    public StackConfig config() {
        return config;
    }

    @Override
    public void close() throws InterruptedException {
        List<ServiceProcess> running = new ArrayList<>(processes.values());
        for (ServiceProcess process : running) {
            process.close();
        }
    }
}
