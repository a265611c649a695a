package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import club.pente.stack.Artifacts;
import club.pente.stack.StackConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** How the containers are defined; building them does not reach Docker (this machine has none). */
class StackContainersTest {

    private final StackConfig base = StackConfig.fromEnv(Map.of("PENTE_PG_USER", "club", "PENTE_PG_PASSWORD", "club-pw",
            "PENTE_SERVICES_SECRET", "from-the-env", "PENTE_KEYCLOAK_ADMIN", "root", "PENTE_KEYCLOAK_ADMIN_PASSWORD", "root-pw"));

    @Test
    void imagesFollowTheVersionsTheLocalStackRuns() {
        assertThat(StackContainers.kafkaImage("4.1.2")).isEqualTo("apache/kafka:4.1.2");
        assertThat(StackContainers.postgresImage("17.11.0")).isEqualTo("postgres:17.11");
        assertThat(StackContainers.keycloakImage("26.5.6")).isEqualTo("quay.io/keycloak/keycloak:26.5.6");
        assertThatThrownBy(() -> StackContainers.postgresImage("17")).isInstanceOf(IllegalArgumentException.class);

        Artifacts deploy = Artifacts.load();
        assertThat(StackContainers.image("keycloak")).endsWith(":" + deploy.keycloakVersion());
        assertThat(StackContainers.image("postgres")).startsWith("postgres:" + deploy.postgresVersion().split("\\.")[0] + ".");
    }

    @Test
    void keycloakStartsInDevModeImportingThePenteRealmFileOfDeploy() throws Exception {
        GenericContainer<?> keycloak = StackContainers.keycloak(base);

        assertThat(keycloak.getCommandParts()).containsExactly("start-dev", "--import-realm", "--http-port=8080");
        assertThat(keycloak.getExposedPorts()).containsExactly(8080);
        assertThat(keycloak.getEnvMap()).containsEntry("KC_BOOTSTRAP_ADMIN_USERNAME", "root")
                .containsEntry("KC_BOOTSTRAP_ADMIN_PASSWORD", "root-pw")
                .containsEntry("PENTE_SERVICES_SECRET", "from-the-env");
        var copied = keycloak.getCopyToFileContainerPathMap().entrySet();
        assertThat(copied).hasSize(1);
        var realm = copied.iterator().next();
        assertThat(realm.getValue()).isEqualTo("/opt/keycloak/data/import/pente-realm.json");
        assertThat(Files.readAllBytes(Path.of(realm.getKey().getResolvedPath())))
                .isEqualTo(Files.readAllBytes(Path.of("../deploy/keycloak/pente-realm.json")));
    }

    @Test
    void postgresRunsAsTheStacksSuperuserOnTheMaintenanceDatabase() {
        PostgreSQLContainer postgres = StackContainers.postgres(base);

        assertThat(postgres.getUsername()).isEqualTo("club");
        assertThat(postgres.getPassword()).isEqualTo("club-pw");
        assertThat(postgres.getDatabaseName()).isEqualTo("postgres");
        assertThat(postgres.getCommandParts()).containsSubsequence("-c", "max_connections=200");
        assertThat(postgres.getEnvMap()).containsEntry("POSTGRES_INITDB_ARGS", "--encoding=UTF8 --locale=C");
    }

    @Test
    void kafkaCreatesTopicsOnUseAndRebalancesAtOnceAsTheLocalBroker() {
        var kafka = StackContainers.kafka();

        assertThat(kafka.getEnvMap()).containsEntry("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "true")
                .containsEntry("KAFKA_NUM_PARTITIONS", "1")
                .containsEntry("KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS", "3")
                .containsEntry("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0");
        assertThat(kafka.getExposedPorts()).contains(StackContainers.KAFKA_PORT);
    }
}
