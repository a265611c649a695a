package club.pente.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the local stack lives and listens. Every value comes from an environment variable with a
 * loopback default, so that two checkouts or a CI run can move the whole stack aside.
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
        String servicesSecret) {

    public static final String REALM = "pente";

    public static StackConfig fromEnv() {
        return fromEnv(System.getenv());
    }

    public static StackConfig fromEnv(Map<String, String> env) {
        Env e = new Env(env);
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
                Path.of(e.get("PENTE_HOME", defaultHome().toString())).toAbsolutePath(),
                host,
                e.getInt("PENTE_KAFKA_PORT", 9092),
                e.getInt("PENTE_KAFKA_CONTROLLER_PORT", 9093),
                e.getInt("PENTE_PG_PORT", 5433),
                external,
                external.flatMap(PostgresTarget::user).orElse(user),
                external.flatMap(PostgresTarget::password).orElse(password),
                keycloakPort,
                e.get("PENTE_KEYCLOAK_URL", "http://" + connectHost + ":" + keycloakPort),
                e.get("PENTE_KEYCLOAK_ADMIN", "admin"),
                e.get("PENTE_KEYCLOAK_ADMIN_PASSWORD", "admin"),
                e.get("PENTE_SERVICES_SECRET", "pente-services-secret"));
    }

    /** The host clients use to reach a part bound on {@link #bindHost()}. */
    public String connectHost() {
        return bindHost.equals("0.0.0.0") ? "127.0.0.1" : bindHost;
    }

    public String kafkaBootstrapServers() {
        return connectHost() + ":" + kafkaPort;
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
    static Path defaultHome() {
        String repo = System.getenv("PENTE_REPO_ROOT");
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
                throw new IllegalArgumentException(name + " must be a port number, was '" + v + "'");
            }
        }
    }
}
