package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.common.MapBackedConfigSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Each service's application.properties, read as Quarkus reads it in each profile: outside dev and test no
 * secret or password has a value unless the environment gives one (a production start refuses, naming the
 * variable), while dev and test keep the demo values; management ports are distinct per service.
 */
class ProductionConfigTest {
    private static final List<String> SERVICES = List.of("game-service", "matchmaking-service", "rating-service", "ai-service", "spectator-gateway");
    private static final Pattern SECRET = Pattern.compile(".*(secret|password|private-key).*");

    private static Path file(String service) {
        return Path.of("..", service, "src/main/resources/application.properties");
    }

    private static Properties raw(String service) throws Exception {
        Properties p = new Properties();
        try (var in = Files.newInputStream(file(service))) {
            p.load(in);
        }
        return p;
    }

    private static SmallRyeConfig config(String service, String profile, Map<String, String> environment) throws Exception {
        return new SmallRyeConfigBuilder()
                .addDefaultInterceptors()
                .withProfile(profile)
                .withSources(new PropertiesConfigSource(file(service).toUri().toURL(), 250))
                .withSources(new MapBackedConfigSource("test environment", environment, 300) {
                })
                .build();
    }

    private static List<String> secretNames(String service) throws Exception {
        List<String> names = new ArrayList<>();
        for (String name : raw(service).stringPropertyNames()) {
            // pente.secrets.required (the kit's RequiredSecrets) lists the names of secrets; it holds none. The
            // quarkus.kubernetes.* keys describe the generated manifests (which Secret feeds which variable, where a key
            // file is mounted): they name secrets, never hold one, and the running service does not read them.
            if (!name.startsWith("%") && SECRET.matcher(name).matches() && !name.equals("pente.secrets.required")
                    && !name.startsWith("quarkus.kubernetes.")) {
                names.add(name);
            }
        }
        return names;
    }

    @Test
    void noSecretHasAValueInProductionUnlessTheEnvironmentGivesOne() throws Exception {
        int checked = 0;
        for (String service : SERVICES) {
            SmallRyeConfig prod = config(service, "prod", Map.of());
            for (String name : secretNames(service)) {
                String value = raw(service).getProperty(name);
                // "${VAR}" must say which variable is missing; "${VAR:}" (an optional alternative) is simply empty.
                String expected = value.matches("\\$\\{PENTE_[A-Z_]+}") ? value.substring(2, value.length() - 1) : name;
                assertThatThrownBy(() -> prod.getValue(name, String.class))
                        .as(service + ": " + name + " must not have a production default")
                        .isInstanceOf(NoSuchElementException.class)
                        .hasMessageContaining(expected);
                checked++;
            }
        }
        // The OIDC client secret (game, matchmaking, gateway) and the database passwords (game, matchmaking, rating) at least.
        assertThat(checked).isGreaterThanOrEqualTo(6);
    }

    @Test
    void everySecretWithoutAProductionValueStopsAProductionStart() throws Exception {
        int required = 0;
        for (String service : SERVICES) {
            List<String> listed = List.of(raw(service).getProperty("pente.secrets.required", "").split("\\s*,\\s*"));
            for (String name : secretNames(service)) {
                if (raw(service).getProperty(name).matches("\\$\\{PENTE_[A-Z_]+}")) {
                    // Quarkus would start without it; the kit's RequiredSecrets refuses to.
                    assertThat(listed).as(service + ": pente.secrets.required names " + name).contains(name);
                    required++;
                }
            }
        }
        assertThat(required).isGreaterThanOrEqualTo(6);
    }

    @Test
    void theEnvironmentSuppliesTheSecretsInProduction() throws Exception {
        SmallRyeConfig game = config("game-service", "prod", Map.of("PENTE_OIDC_CLIENT_SECRET", "s3cret",
                "PENTE_GAME_DB_USER", "pente_game", "PENTE_GAME_DB_PASSWORD", "pw"));
        assertThat(game.getValue("quarkus.oidc.credentials.secret", String.class)).isEqualTo("s3cret");
        assertThat(game.getValue("quarkus.datasource.username", String.class)).isEqualTo("pente_game");
        assertThat(game.getValue("quarkus.datasource.password", String.class)).isEqualTo("pw");
        // Without a user name the service logs in as its own role, never as the superuser.
        for (String service : List.of("game-service", "matchmaking-service", "rating-service")) {
            assertThat(config(service, "prod", Map.of()).getValue("quarkus.datasource.username", String.class))
                    .startsWith("pente_").isNotEqualTo("pente");
        }
    }

    @Test
    void devAndTestKeepTheDemoValues() throws Exception {
        for (String service : List.of("game-service", "matchmaking-service", "spectator-gateway")) {
            assertThat(config(service, "test", Map.of()).getValue("quarkus.oidc.credentials.secret", String.class))
                    .isEqualTo("pente-services-secret");
            assertThat(config(service, "dev", Map.of()).getValue("quarkus.oidc.credentials.secret", String.class))
                    .isEqualTo("pente-services-secret");
        }
        for (String service : List.of("game-service", "matchmaking-service", "rating-service")) {
            assertThat(config(service, "test", Map.of()).getValue("quarkus.datasource.password", String.class)).isEqualTo("pente");
        }
    }

    @Test
    void everyServiceHasItsOwnManagementPortsAndABodyLimit() throws Exception {
        Set<Integer> ports = new HashSet<>();
        for (String service : SERVICES) {
            SmallRyeConfig prod = config(service, "prod", Map.of());
            assertThat(prod.getValue("quarkus.management.enabled", Boolean.class)).as(service).isTrue();
            assertThat(ports.add(prod.getValue("quarkus.management.port", Integer.class))).as(service + " management port").isTrue();
            assertThat(ports.add(prod.getValue("quarkus.management.test-port", Integer.class))).as(service + " management test port").isTrue();
            assertThat(ports.add(prod.getValue("quarkus.http.port", Integer.class))).as(service + " port").isTrue();
            assertThat(ports.add(prod.getValue("quarkus.http.test-port", Integer.class))).as(service + " test port").isTrue();
            assertThat(prod.getValue("quarkus.management.host", String.class)).isEqualTo("127.0.0.1");
            if (!service.equals("spectator-gateway")) { // the gateway's own limit belongs to the gateway's configuration
                assertThat(prod.getOptionalValue("quarkus.http.limits.max-body-size", String.class)).as(service).isPresent();
            }
        }
    }
}
