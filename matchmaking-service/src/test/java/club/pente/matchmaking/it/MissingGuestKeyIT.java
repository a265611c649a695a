package club.pente.matchmaking.it;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.TestStack;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The packaged service started as in production but without PENTE_GUEST_PUBLIC_KEY refuses to start,
 * and says which variable is missing: there is no default key, least of all the committed dev key.
 */
class MissingGuestKeyIT {
    @Test
    void aProductionStartWithoutTheGuestKeyRefuses() throws Exception {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        Map<String, String> properties = new HashMap<>();
        properties.put("kafka.bootstrap.servers", config.kafkaBootstrapServers());
        properties.put("quarkus.datasource.username", config.postgresUser());
        properties.put("quarkus.datasource.password", config.postgresPassword());
        properties.put("quarkus.oidc.auth-server-url", config.realmUrl());
        properties.put("quarkus.oidc.credentials.secret", config.servicesSecret());
        File jar = new File(System.getProperty("matchmaking.service.jar", "target/quarkus-app/quarkus-run.jar"));
        File log = new File("target/matchmaking-no-guest-key.log");
        Files.deleteIfExists(log.toPath());
        try (ServiceProcess service = ServiceProcess.start(jar, "matchmaking-no-guest-key", 18097, properties)) {
            assertThatThrownBy(() -> service.awaitReady(Duration.ofSeconds(60))).hasMessageContaining("exited");
        }
        assertThat(Files.readString(log.toPath())).contains("PENTE_GUEST_PUBLIC_KEY");
    }
}
