package club.pente.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the local stack lives and listens. Every value comes from an environment variable with a
 * loopback default, so that two checkouts or a CI run can move the whole stack aside.
 *
 * @param scale 1: one broker and one instance of each service (the development and test layout); 2..4: a
 *              three-node Kafka cluster, that many instances of each service and HAProxy in front of them
 * @param env   the variables this config was built from: the components read their own settings (service
 *              ports, heaps, passwords) from here, never from the process environment, so that a test or the
 *              chaos run builds a shifted stack in-process
 */
public record StackConfig(
        Path home,
        String bindHost,
        int kafkaPort,
        int kafkaControllerPort,
        int postgresPort,
        Optional<PostgresTarget> externalPostgres,
        String postgresUser,
        String postgresPassword,
        int keycloakPort,
        String keycloakUrl,
        String keycloakAdmin,
        String keycloakAdminPassword,
        String servicesSecret,
        int scale,
        Map<String, String> env) {

    public static final String REALM = "pente";
    public static final int MAX_SCALE = 4;
    /** Brokers of the scaled stack's Kafka cluster: three voters survive one lost node. */
    public static final int CLUSTER_BROKERS = 3;

    public StackConfig {
        env = Map.copyOf(env);
        if (scale < 1 || scale > MAX_SCALE) {
            throw new IllegalArgumentException("the scale must be 1 (one instance of each part) or 2.." + MAX_SCALE + ", was " + scale);
        }
    }

    public static StackConfig fromEnv() {
        return fromEnv(System.getenv());
    }

    public static StackConfig fromEnv(Map<String, String> env) {
        Env e = new Env(env);
        int kafkaPort = e.getInt("PENTE_KAFKA_PORT", 9092);
        String host = e.get("PENTE_BIND_HOST", "127.0.0.1");
        // A wildcard bind is not an address to connect to.
        String connectHost = host.equals("0.0.0.0") ? "127.0.0.1" : host;
        int keycloakPort = e.getInt("PENTE_KEYCLOAK_PORT", 8180);
        String user = e.get("PENTE_PG_USER", "pente");
        String password = e.get("PENTE_PG_PASSWORD", "pente");
        Optional<PostgresTarget> external = Optional.ofNullable(env.get("PENTE_PG_URL"))
                .filter(s -> !s.isBlank())
                .map(PostgresTarget::parse);
        return new StackConfig(
                Path.of(e.get("PENTE_HOME", defaultHome(withRepoRoot(env)).toString())).toAbsolutePath(),
                host,
                kafkaPort,
                // Next to the client port unless named: a shifted broker never reaches for the shared 9093.
                e.getInt("PENTE_KAFKA_CONTROLLER_PORT", kafkaPort + 1),
                e.getInt("PENTE_PG_PORT", 5433),
                external,
                external.flatMap(PostgresTarget::user).orElse(user),
                external.flatMap(PostgresTarget::password).orElse(password),
                keycloakPort,
                e.get("PENTE_KEYCLOAK_URL", "http://" + connectHost + ":" + keycloakPort),
                e.get("PENTE_KEYCLOAK_ADMIN", "admin"),
                e.get("PENTE_KEYCLOAK_ADMIN_PASSWORD", "admin"),
                e.get("PENTE_SERVICES_SECRET", "pente-services-secret"),
                e.getInt("PENTE_SCALE", 1),
                withRepoRoot(env));
    }

    /** The same stack at another scale (the command line's --scale, or the one recorded by up). */
    public StackConfig withScale(int n) {
        return new StackConfig(home, bindHost, kafkaPort, kafkaControllerPort, postgresPort, externalPostgres, postgresUser,
                postgresPassword, keycloakPort, keycloakUrl, keycloakAdmin, keycloakAdminPassword, servicesSecret, n, env);
    }

    public boolean scaled() {
        return scale > 1;
    }

    /** One broker at scale 1, the three-node cluster when scaled. */
    public int kafkaBrokers() {
        return scaled() ? CLUSTER_BROKERS : 1;
    }

    /** Node i (1-based) of the cluster: client ports 9092, 9094, 9096 (from PENTE_KAFKA_PORT). */
    public int kafkaPort(int node) {
        return kafkaPort + 2 * (node - 1);
    }

    /** Node i's controller port: next to its client port when scaled (9093, 9095, 9097). */
    public int kafkaControllerPort(int node) {
        return scaled() ? kafkaPort(node) + 1 : kafkaControllerPort;
    }

    /** A variable of {@link #env()}, or the fallback when unset or blank. */
    public String env(String name, String fallback) {
        return new Env(env).get(name, fallback);
    }

    public int envInt(String name, int fallback) {
        return new Env(env).getInt(name, fallback);
    }

    /** The checkout: the services' jars and the development keys live there. */
    public Path repoRoot() {
        String repo = env.get("PENTE_REPO_ROOT");
        return repo != null && !repo.isBlank() ? Path.of(repo) : home.getParent();
    }

    /** HAProxy's statistics page of the scaled stack (/stats, /stats;csv). */
    public int lbStatsPort() {
        return envInt("PENTE_LB_STATS_PORT", 8404);
    }

    /** The host clients use to reach a part bound on {@link #bindHost()}. */
    public String connectHost() {
        return bindHost.equals("0.0.0.0") ? "127.0.0.1" : bindHost;
    }

    /** Every broker of the mode, comma-separated: what clients bootstrap from. */
    public String kafkaBootstrapServers() {
        List<String> brokers = new ArrayList<>();
        for (int node = 1; node <= kafkaBrokers(); node++) {
            brokers.add(connectHost() + ":" + kafkaPort(node));
        }
        return String.join(",", brokers);
    }

    /** The PostgreSQL server the services use: the external one when configured, else the embedded one. */
    public PostgresTarget postgres() {
        return externalPostgres.orElse(new PostgresTarget(connectHost(), postgresPort, "postgres",
                Optional.of(postgresUser), Optional.of(postgresPassword)));
    }

    public String realmUrl() {
        return keycloakUrl + "/realms/" + REALM;
    }

    public Path runDir() {
        return home.resolve("run");
    }

    public Path logDir() {
        return home.resolve("logs");
    }

    /** {@code <repo>/.pente} when run inside the checkout (found by walking up to deploy/stack), else ~/.pente. */
    static Path defaultHome(Map<String, String> env) {
        String repo = env.get("PENTE_REPO_ROOT");
        if (repo != null && !repo.isBlank()) {
            return Path.of(repo, ".pente");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("deploy/stack"))) {
                return dir.resolve(".pente");
            }
        }
        return Path.of(System.getProperty("user.home"), ".pente");
    }

    /** A map without PENTE_REPO_ROOT inherits the launcher's (deploy/stack sets it), so a test's small map finds the checkout. */
    private static Map<String, String> withRepoRoot(Map<String, String> env) {
        String inherited = System.getenv("PENTE_REPO_ROOT");
        if (env.containsKey("PENTE_REPO_ROOT") || inherited == null || inherited.isBlank()) {
            return env;
        }
        Map<String, String> copy = new java.util.HashMap<>(env);
        copy.put("PENTE_REPO_ROOT", inherited);
        return copy;
    }

    private record Env(Map<String, String> values) {
        String get(String name, String fallback) {
            String v = values.get(name);
            return v == null || v.isBlank() ? fallback : v.trim();
        }

        int getInt(String name, int fallback) {
            String v = get(name, Integer.toString(fallback));
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(name + " must be a number, was '" + v + "'");
            }
        }
    }
}
