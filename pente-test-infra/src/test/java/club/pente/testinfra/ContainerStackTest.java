package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import club.pente.stack.Components;
import club.pente.stack.PostgresTarget;
import club.pente.stack.StackConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The configuration the container path hands to the services, built from given addresses: no container runs. */
class ContainerStackTest {

    private static final Map<String, String> ENV = Map.of("PENTE_HOME", "/tmp/pente-home",
            "PENTE_PG_USER", "club", "PENTE_PG_PASSWORD", "club-pw", "PENTE_SERVICES_SECRET", "from-the-env",
            "PENTE_KEYCLOAK_ADMIN", "root", "PENTE_KEYCLOAK_ADMIN_PASSWORD", "root-pw");
    private static final Map<String, Integer> MAPPED = Map.of(Components.KAFKA, 32771, Components.POSTGRES, 32772,
            Components.KEYCLOAK, 32773);

    private final StackConfig local = StackConfig.fromEnv(ENV);
    private final StackConfig containers = ContainerStack.configFor(local, "10.1.0.7", MAPPED);

    @Test
    void theAddressesAreTheContainersMappedPortsOnTheDockerHost() {
        assertThat(containers.kafkaBootstrapServers()).isEqualTo("10.1.0.7:32771");
        assertThat(containers.postgres()).isEqualTo(new PostgresTarget("10.1.0.7", 32772, "postgres",
                Optional.of("club"), Optional.of("club-pw")));
        assertThat(containers.postgres().withDatabase("pente_game_test").reactiveUrl())
                .isEqualTo("postgresql://10.1.0.7:32772/pente_game_test");
        assertThat(containers.keycloakUrl()).isEqualTo("http://10.1.0.7:32773");
        assertThat(containers.realmUrl()).isEqualTo("http://10.1.0.7:32773/realms/pente");
    }

    @Test
    void credentialsAdminAndServicesSecretAreTheLocalStacks() {
        assertThat(containers.postgresUser()).isEqualTo("club");
        assertThat(containers.postgresPassword()).isEqualTo("club-pw");
        assertThat(containers.keycloakAdmin()).isEqualTo("root");
        assertThat(containers.keycloakAdminPassword()).isEqualTo("root-pw");
        assertThat(containers.servicesSecret()).isEqualTo("from-the-env");
        assertThat(containers.home()).isEqualTo(local.home());
    }

    @Test
    void eachResourceHandsTheSameKeysOnBothPathsAndOnlyTheAddressesDiffer() {
        Map<String, String> kafka = KafkaTestResource.properties(containers);
        assertThat(kafka).isEqualTo(Map.of("kafka.bootstrap.servers", "10.1.0.7:32771",
                "quarkus.kafka.devservices.enabled", "false"));
        assertThat(KafkaTestResource.properties(local)).containsOnlyKeys(kafka.keySet())
                .containsEntry("kafka.bootstrap.servers", "127.0.0.1:9092");

        Map<String, String> db = PostgresTestResource.datasource(containers, "pente_rating_test");
        assertThat(db).isEqualTo(Map.of("quarkus.datasource.reactive.url", "postgresql://10.1.0.7:32772/pente_rating_test",
                "quarkus.datasource.jdbc.url", "jdbc:postgresql://10.1.0.7:32772/pente_rating_test",
                "quarkus.datasource.username", "club",
                "quarkus.datasource.password", "club-pw",
                "quarkus.datasource.devservices.enabled", "false"));
        assertThat(PostgresTestResource.datasource(local, "pente_rating_test")).containsOnlyKeys(db.keySet())
                .containsEntry("quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:5433/pente_rating_test");

        Map<String, String> keycloak = KeycloakTestResource.properties(containers);
        assertThat(keycloak).containsEntry("quarkus.oidc.auth-server-url", "http://10.1.0.7:32773/realms/pente")
                .containsEntry("quarkus.oidc.client-id", "pente-services")
                .containsEntry("quarkus.oidc.credentials.secret", "from-the-env")
                .containsEntry("pente.guest.public-key", DemoTokens.devGuestPublicKey());
        Map<String, String> localKeycloak = KeycloakTestResource.properties(local);
        assertThat(localKeycloak).containsOnlyKeys(keycloak.keySet())
                .containsEntry("quarkus.oidc.auth-server-url", "http://127.0.0.1:8180/realms/pente");
        localKeycloak.forEach((key, value) -> {
            if (!key.equals("quarkus.oidc.auth-server-url")) {
                assertThat(keycloak).as(key).containsEntry(key, value);
            }
        });
    }

    @Test
    void theContainersPostgresReplacesAnExternalServerWithItsCredentials() {
        StackConfig external = StackConfig.fromEnv(Map.of("PENTE_PG_URL", "postgres://svc:s%40cret@db.local:6543/pente"));
        StackConfig c = ContainerStack.configFor(external, "localhost", Map.of(Components.POSTGRES, 40001));

        assertThat(c.externalPostgres()).isEmpty();
        assertThat(c.postgres().jdbcUrl()).isEqualTo("jdbc:postgresql://localhost:40001/postgres");
        assertThat(c.postgresUser()).isEqualTo("svc");
        assertThat(c.postgresPassword()).isEqualTo("s@cret");
    }

    @Test
    void partsNotStartedKeepTheBaseAddressesAndKeycloakItsUrl() {
        StackConfig onlyKafka = ContainerStack.configFor(local, "localhost", Map.of(Components.KAFKA, 40002));

        assertThat(onlyKafka.kafkaBootstrapServers()).isEqualTo("localhost:40002");
        assertThat(onlyKafka.postgresPort()).isEqualTo(5433);
        assertThat(onlyKafka.keycloakUrl()).isEqualTo("http://127.0.0.1:8180");
    }

    @Test
    void theInfrastructureIsSelectedInStartOrderAndNothingElse() {
        assertThat(ContainerStack.select(List.of(Components.KEYCLOAK, Components.KAFKA)))
                .containsExactly(Components.KAFKA, Components.KEYCLOAK);
        assertThat(ContainerStack.select(List.of("infra"))).isEqualTo(Components.INFRA);
        assertThat(ContainerStack.select(List.of())).isEqualTo(Components.INFRA);
        assertThatThrownBy(() -> ContainerStack.select(List.of(Components.KAFKA, "game")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the container stack has kafka, postgres, keycloak only, not 'game'");
    }

    @Test
    void forcedContainersWithoutAnEngineAreRefusedBeforeAnythingStarts() {
        AtomicInteger asked = new AtomicInteger();
        ContainerStack stack = new ContainerStack(local, () -> {
            asked.incrementAndGet();
            return false;
        });

        assertThatThrownBy(() -> stack.ensure(List.of(Components.KAFKA)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the test stack is set to containers (pente.test.stack or PENTE_TEST_STACK), but no Docker"
                        + " engine answers (DOCKER_HOST, ~/.testcontainers.properties and the Docker sockets were tried);"
                        + " set it to local or auto");
        assertThat(asked).hasValue(1);
        // Nothing started: the configuration is still the base's.
        assertThat(stack.config().kafkaBootstrapServers()).isEqualTo(local.kafkaBootstrapServers());
    }

    @Test
    void anUnknownPartIsRefusedBeforeTheEngineIsAsked() {
        AtomicInteger asked = new AtomicInteger();
        ContainerStack stack = new ContainerStack(local, () -> asked.incrementAndGet() > 0);

        assertThatThrownBy(() -> stack.ensure(List.of("rating"))).isInstanceOf(IllegalArgumentException.class);
        assertThat(asked).hasValue(0);
    }
}
