package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import club.pente.stack.Component;
import club.pente.stack.HttpServiceComponent;
import club.pente.stack.Port;
import club.pente.stack.QuarkusServices;
import club.pente.stack.StackConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code ./pente up} hands each service: management port for readiness, its own database role, secrets passed explicitly. */
class QuarkusServicesTest {
    // The checkout's .pente: the services' jars and the development keys are found next to it (nothing is started).
    private final StackConfig config = StackConfig.fromEnv(Map.of("PENTE_HOME", Path.of("../.pente").toAbsolutePath().normalize().toString(),
            "PENTE_SERVICES_SECRET", "from-the-stack", "PENTE_PG_USER", "superuser", "PENTE_PG_PASSWORD", "superpassword"));

    private HttpServiceComponent service(String name) {
        return QuarkusServices.all(config).stream().filter(c -> c.name().equals(name)).map(HttpServiceComponent.class::cast)
                .findFirst().orElseThrow();
    }

    @Test
    void readinessIsProbedOnTheManagementPort() {
        Map<String, Integer> management = Map.of("game", 9081, "matchmaking", 9082, "rating", 9083, "ai", 9084, QuarkusServices.GATEWAY, 9080);
        for (Component c : QuarkusServices.all(config)) {
            HttpServiceComponent s = (HttpServiceComponent) c;
            int port = management.get(s.name());
            assertThat(s.managementPort()).isEqualTo(new Port(port, "PENTE_" + s.name().toUpperCase() + "_MANAGEMENT_PORT"));
            assertThat(s.ports()).contains(s.port(), s.managementPort());
            assertThat(s.managementUrl()).isEqualTo("http://127.0.0.1:" + port);
            assertThat(s.endpoint()).contains(s.url()).contains(s.managementUrl());
            assertThat(s.launch().environment()).containsEntry(s.managementPort().variable(), Integer.toString(port));
        }
    }

    @Test
    void servicesGetTheirOwnDatabaseRoleAndNeverTheSuperuser() {
        for (String name : List.of("game", "matchmaking", "rating")) {
            Map<String, String> env = service(name).launch().environment();
            String prefix = "PENTE_" + name.toUpperCase();
            assertThat(env).containsEntry(prefix + "_DB_USER", "pente_" + name).containsKey(prefix + "_DB_PASSWORD");
            assertThat(env.values()).doesNotContain("superuser", "superpassword");
        }
        for (String name : List.of("game", "matchmaking", "rating", "ai", QuarkusServices.GATEWAY)) {
            Map<String, String> env = service(name).launch().environment();
            assertThat(env).doesNotContainKeys("PENTE_PG_USER", "PENTE_PG_PASSWORD");
            assertThat(env).containsEntry("PENTE_OIDC_CLIENT_SECRET", "from-the-stack");
        }
    }
}
