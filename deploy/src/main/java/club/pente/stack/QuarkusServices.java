package club.pente.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Our Quarkus services as stack parts: each runs its packaged {@code quarkus-run.jar} (built by
 * {@code ./pente up}) with the stack's addresses passed as the environment variables its
 * application.properties reads. They start after the infrastructure, in this order. Each has a public port
 * and a management port (health, metrics, OpenAPI; never to be exposed), and each service with a database
 * logs in as its own role, which owns only that database.
 *
 * <p>At scale N (2..4) each service runs as instances {@code <name>-1..N}: instance i listens on the service's
 * port + 200 i (management likewise), joins the same consumer groups, and reaches the other services through
 * the load balancer's front on the service's own port ({@link LoadBalancer}), never through one instance.
 */
public final class QuarkusServices {
    public static final String GATEWAY = "gateway";
    /** Instance i of a scaled service listens on the service's port + STRIDE * i. */
    public static final int PORT_STRIDE = 200;

    /** A service as the stack knows it: its name, module, env prefix, default ports and default database (null: none). */
    public record Service(String name, String module, int defaultPort, int defaultManagementPort, String defaultDatabase) {
        public String prefix() {
            return "PENTE_" + name.toUpperCase();
        }

        /**
         * Its database, and the role that owns it, named like it: PENTE_GAME_DB (default pente_game) and so on,
         * so that a shifted stack on a shared PostgreSQL keeps its own games apart. Null for a service without one.
         */
        public String database(StackConfig config) {
            return defaultDatabase == null ? null : config.env(prefix() + "_DB", defaultDatabase);
        }

        /** The port of the service's own front: the single instance at scale 1, the load balancer when scaled. */
        public int port(StackConfig config) {
            return config.envInt(prefix() + "_PORT", defaultPort);
        }

        public int managementPort(StackConfig config) {
            return config.envInt(prefix() + "_MANAGEMENT_PORT", defaultManagementPort);
        }

        /** Instance i's public port (instance 0 is the single one of scale 1). */
        public int port(StackConfig config, int instance) {
            return port(config) + PORT_STRIDE * instance;
        }

        public int managementPort(StackConfig config, int instance) {
            return managementPort(config) + PORT_STRIDE * instance;
        }

        public String instanceName(int instance) {
            return instance == 0 ? name : name + "-" + instance;
        }
    }

    public static final Service GAME = new Service("game", "game-service", 8081, 9081, "pente_game");
    public static final Service RATING = new Service("rating", "rating-service", 8083, 9083, "pente_rating");
    public static final Service MATCHMAKING = new Service("matchmaking", "matchmaking-service", 8082, 9082, "pente_matchmaking");
    public static final Service AI = new Service("ai", "ai-service", 8084, 9084, null);
    public static final Service GATEWAY_SERVICE = new Service(GATEWAY, "spectator-gateway", 8080, 9080, null);
    /** In start order: the gateway, the browser's single origin, last. */
    public static final List<Service> SERVICES = List.of(GAME, RATING, MATCHMAKING, AI, GATEWAY_SERVICE);

    private QuarkusServices() {
    }

    /**
     * Every instance in start order: at scale 1 one per service; when scaled every game instance, then
     * rating, matchmaking, ai, and the gateways.
     */
    public static List<Component> all(StackConfig config) {
        List<Component> all = new ArrayList<>();
        for (Service s : SERVICES) {
            all.addAll(instances(config, s));
        }
        return all;
    }

    public static List<Component> instances(StackConfig config, Service service) {
        List<Component> list = new ArrayList<>();
        if (!config.scaled()) {
            list.add(instance(config, service, 0));
        } else {
            for (int i = 1; i <= config.scale(); i++) {
                list.add(instance(config, service, i));
            }
        }
        return list;
    }

    /** Instance {@code i} of the service (0: the single instance of scale 1). */
    static HttpServiceComponent instance(StackConfig config, Service s, int i) {
        Path repo = config.repoRoot();
        String name = s.instanceName(i);
        int port = s.port(config, i);
        int managementPort = s.managementPort(config, i);
        Map<String, String> env = passedThrough(config);
        env.putAll(common(config));
        env.put(s.prefix() + "_PORT", Integer.toString(port));
        env.put(s.prefix() + "_MANAGEMENT_PORT", Integer.toString(managementPort));
        if (config.scaled()) {
            env.put("PENTE_INSTANCE", name);
            env.put("PENTE_KAFKA_REPLICATION_FACTOR", Integer.toString(StackConfig.CLUSTER_BROKERS));
            env.put("PENTE_KAFKA_MIN_INSYNC", "2");
        }
        // The database role is named like the database; its password is the demo one unless the environment names one.
        String database = s.database(config);
        String dbPassword = database == null ? null : config.env(s.prefix() + "_DB_PASSWORD", database);
        if (database != null) {
            PostgresTarget db = config.postgres().withDatabase(database);
            env.put(s.prefix() + "_DB_USER", database);
            env.put(s.prefix() + "_DB_PASSWORD", dbPassword);
            env.put(s.prefix() + "_DB_JDBC_URL", db.jdbcUrl());
            if (s != MATCHMAKING) {
                env.put(s.prefix() + "_DB_REACTIVE_URL", db.reactiveUrl());
            }
        }
        if (s == GATEWAY_SERVICE) {
            // The browser's one origin: the gateway's front (the load balancer when scaled).
            int origin = s.port(config);
            env.put("PENTE_ALLOWED_ORIGINS", "http://localhost:" + origin + ",http://127.0.0.1:" + origin);
            // The local stack signs guests with the committed development key pair (deploy/keys).
            env.put("PENTE_GUEST_PRIVATE_KEY_FILE", repo.resolve("deploy/keys/guest-dev-private.pem").toString());
            if (config.scaled()) {
                // The operations page probes one instance of each service: instance 1.
                for (Service other : SERVICES) {
                    env.put(other.prefix() + "_MANAGEMENT_URL", "http://" + config.connectHost() + ":" + other.managementPort(config, 1));
                }
            }
        }
        Path jar = repo.resolve(s.module()).resolve("target/quarkus-app/quarkus-run.jar");
        Path tmp = config.home().resolve("tmp").resolve(name);
        // The gateway holds every socket: about 12 KB of heap each, so 20,000 viewers need 512 MB (README, Speed).
        String heap = config.env(s.prefix() + "_HEAP", s == GATEWAY_SERVICE ? "512m" : "256m");
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx" + heap, "-Djava.io.tmpdir=" + tmp, "-jar", jar.toString()));
        Launch launch = new Launch(command, env, repo.resolve(s.module()), "TERM");
        String base = "http://" + config.connectHost() + ":";
        return new HttpServiceComponent(name, new Port(port, s.prefix() + "_PORT"), new Port(managementPort, s.prefix() + "_MANAGEMENT_PORT"),
                launch, base + port, base + managementPort, startTimeout(config), () -> {
                    if (!Files.isRegularFile(jar)) {
                        throw new StackException(name + " is not built (" + jar + "); ./pente up builds it");
                    }
                    Files.createDirectories(tmp);
                    if (database != null) {
                        PostgresDatabases.ensureRole(config, database, dbPassword);
                        PostgresDatabases.ensureOwnedBy(config, database, database);
                    }
                });
    }

    /** Never handed to a service: the stack's own superuser and admin credentials. */
    private static final List<String> STACK_ONLY = List.of("PENTE_PG_USER", "PENTE_PG_PASSWORD", "PENTE_PG_URL",
            "PENTE_KEYCLOAK_ADMIN", "PENTE_KEYCLOAK_ADMIN_PASSWORD");

    /**
     * The config's PENTE_* variables (a service's own settings such as PENTE_GAME_FIRST_MOVE_SECONDS), as a child
     * of deploy/stack inherits them anyway; a stack built in-process from a map passes them the same way. What the
     * stack computes for the instance replaces them.
     */
    private static Map<String, String> passedThrough(StackConfig config) {
        Map<String, String> env = new HashMap<>();
        config.env().forEach((k, v) -> {
            if (k.startsWith("PENTE_") && !STACK_ONLY.contains(k)) {
                env.put(k, v);
            }
        });
        return env;
    }

    /** How long an instance may take to be ready: PENTE_START_TIMEOUT_SECONDS, else 90 s (180 s scaled: many JVMs share the cores). */
    static Duration startTimeout(StackConfig config) {
        return Duration.ofSeconds(config.envInt("PENTE_START_TIMEOUT_SECONDS", config.scaled() ? 180 : 90));
    }

    private static Map<String, String> common(StackConfig config) {
        Map<String, String> env = new HashMap<>();
        env.put("PENTE_BIND_HOST", config.bindHost());
        env.put("PENTE_KAFKA_BOOTSTRAP", config.kafkaBootstrapServers());
        env.put("PENTE_OIDC_URL", config.realmUrl());
        env.put("PENTE_OIDC_CLIENT_SECRET", config.servicesSecret());
        // Every service verifies guest tokens; the local stack only uses the committed development pair (deploy/keys).
        env.put("PENTE_GUEST_PUBLIC_KEY", devGuestPublicKey(config.repoRoot()));
        // Each service's front: the instance at scale 1, the load balancer when scaled.
        for (Service s : List.of(GAME, MATCHMAKING, RATING, AI)) {
            env.put(s.prefix() + "_URL", "http://" + config.connectHost() + ":" + s.port(config));
        }
        return env;
    }

    /** The base64 body of the development guest public key, one line, as the services' PENTE_GUEST_PUBLIC_KEY. */
    private static String devGuestPublicKey(Path repo) {
        Path pem = repo.resolve("deploy/keys/guest-dev-public.pem");
        try {
            return Files.readString(pem).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        } catch (java.io.IOException e) {
            throw new StackException("cannot read the development guest key " + pem + ": " + e.getMessage());
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
