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
 */
public final class QuarkusServices {
    public static final String GATEWAY = "gateway";
    private QuarkusServices() {
    }

    public static List<Component> all(StackConfig config) {
        Path repo = repoRoot(config);
        return List.of(game(config, repo), rating(config, repo), matchmaking(config, repo), ai(config, repo), gateway(config, repo));
    }

    static Component game(StackConfig config, Path repo) {
        int port = envInt("PENTE_GAME_PORT", 8081);
        PostgresTarget db = config.postgres().withDatabase("pente_game");
        Map<String, String> env = common(config);
        env.put("PENTE_GAME_PORT", Integer.toString(port));
        env.put("PENTE_GAME_DB_REACTIVE_URL", db.reactiveUrl());
        env.put("PENTE_GAME_DB_JDBC_URL", db.jdbcUrl());
        return service(config, repo, "game", "game-service", port, envInt("PENTE_GAME_MANAGEMENT_PORT", 9081), env, "pente_game");
    }

    static Component rating(StackConfig config, Path repo) {
        int port = envInt("PENTE_RATING_PORT", 8083);
        PostgresTarget db = config.postgres().withDatabase("pente_rating");
        Map<String, String> env = common(config);
        env.put("PENTE_RATING_PORT", Integer.toString(port));
        env.put("PENTE_RATING_DB_REACTIVE_URL", db.reactiveUrl());
        env.put("PENTE_RATING_DB_JDBC_URL", db.jdbcUrl());
        return service(config, repo, "rating", "rating-service", port, envInt("PENTE_RATING_MANAGEMENT_PORT", 9083), env, "pente_rating");
    }

    /** Seeks, pairing, invitations, computer games; reads ratings from the rating service (PENTE_RATING_URL, in common). */
    static Component matchmaking(StackConfig config, Path repo) {
        int port = envInt("PENTE_MATCHMAKING_PORT", 8082);
        PostgresTarget db = config.postgres().withDatabase("pente_matchmaking");
        Map<String, String> env = common(config);
        env.put("PENTE_MATCHMAKING_PORT", Integer.toString(port));
        env.put("PENTE_MATCHMAKING_DB_JDBC_URL", db.jdbcUrl());
        return service(config, repo, "matchmaking", "matchmaking-service", port, envInt("PENTE_MATCHMAKING_MANAGEMENT_PORT", 9082), env,
                "pente_matchmaking");
    }

    static Component ai(StackConfig config, Path repo) {
        int port = envInt("PENTE_AI_PORT", 8084);
        Map<String, String> env = common(config);
        env.put("PENTE_AI_PORT", Integer.toString(port));
        return service(config, repo, "ai", "ai-service", port, envInt("PENTE_AI_MANAGEMENT_PORT", 9084), env, null);
    }

    /** The browser's single origin: started last, its URL is the one to open. */
    static Component gateway(StackConfig config, Path repo) {
        int port = envInt("PENTE_GATEWAY_PORT", 8080);
        Map<String, String> env = common(config);
        env.put("PENTE_GATEWAY_PORT", Integer.toString(port));
        env.put("PENTE_ALLOWED_ORIGINS", "http://localhost:" + port + ",http://127.0.0.1:" + port);
        // The local stack signs guests with the committed development key pair (deploy/keys).
        env.put("PENTE_GUEST_PRIVATE_KEY_FILE", repo.resolve("deploy/keys/guest-dev-private.pem").toString());
        return service(config, repo, GATEWAY, "spectator-gateway", port, envInt("PENTE_GATEWAY_MANAGEMENT_PORT", 9080), env, null);
    }

    private static Map<String, String> common(StackConfig config) {
        Map<String, String> env = new HashMap<>();
        env.put("PENTE_BIND_HOST", config.bindHost());
        env.put("PENTE_KAFKA_BOOTSTRAP", config.kafkaBootstrapServers());
        env.put("PENTE_OIDC_URL", config.realmUrl());
        env.put("PENTE_OIDC_CLIENT_SECRET", config.servicesSecret());
        // Every service verifies guest tokens; the local stack only uses the committed development pair (deploy/keys).
        env.put("PENTE_GUEST_PUBLIC_KEY", devGuestPublicKey(repoRoot(config)));
        String host = config.connectHost();
        env.put("PENTE_GAME_URL", "http://" + host + ":" + envInt("PENTE_GAME_PORT", 8081));
        env.put("PENTE_MATCHMAKING_URL", "http://" + host + ":" + envInt("PENTE_MATCHMAKING_PORT", 8082));
        env.put("PENTE_RATING_URL", "http://" + host + ":" + envInt("PENTE_RATING_PORT", 8083));
        env.put("PENTE_AI_URL", "http://" + host + ":" + envInt("PENTE_AI_PORT", 8084));
        return env;
    }

    private static Component service(StackConfig config, Path repo, String name, String module, int port, int managementPort,
                                     Map<String, String> env, String database) {
        String prefix = "PENTE_" + name.toUpperCase();
        env.put(prefix + "_MANAGEMENT_PORT", Integer.toString(managementPort));
        // The database role is named like the database; its password is the demo one unless the environment names one.
        String dbPassword = database == null ? null : System.getenv().getOrDefault(prefix + "_DB_PASSWORD", database);
        if (database != null) {
            env.put(prefix + "_DB_USER", database);
            env.put(prefix + "_DB_PASSWORD", dbPassword);
        }
        Path jar = repo.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        Path tmp = config.home().resolve("tmp").resolve(name);
        // The gateway holds every socket: about 12 KB of heap each, so 20,000 viewers need 512 MB (README, Speed).
        String heap = System.getenv().getOrDefault(prefix + "_HEAP", name.equals(GATEWAY) ? "512m" : "256m");
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx" + heap, "-Djava.io.tmpdir=" + tmp, "-jar", jar.toString()));
        Launch launch = new Launch(command, env, repo.resolve(module), "TERM");
        String base = "http://" + config.connectHost() + ":";
        return new HttpServiceComponent(name, new Port(port, prefix + "_PORT"), new Port(managementPort, prefix + "_MANAGEMENT_PORT"),
                launch, base + port, base + managementPort, Duration.ofSeconds(90), () -> {
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

    /** The base64 body of the development guest public key, one line, as the services' PENTE_GUEST_PUBLIC_KEY. */
    private static String devGuestPublicKey(Path repo) {
        Path pem = repo.resolve("deploy/keys/guest-dev-public.pem");
        try {
            return Files.readString(pem).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        } catch (java.io.IOException e) {
            throw new StackException("cannot read the development guest key " + pem + ": " + e.getMessage());
        }
    }

    private static Path repoRoot(StackConfig config) {
        String repo = System.getenv("PENTE_REPO_ROOT");
        return repo != null && !repo.isBlank() ? Path.of(repo) : config.home().getParent();
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static int envInt(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : Integer.parseInt(value.trim());
    }
}
