package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import club.pente.stack.PostgresTarget;
import club.pente.stack.StackConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StackConfigTest {

    @Test
    void defaultsAreLoopbackAndTheDocumentedPorts() {
        StackConfig c = StackConfig.fromEnv(Map.of("PENTE_HOME", "/tmp/p"));

        assertThat(c.home()).isEqualTo(Path.of("/tmp/p"));
        assertThat(c.kafkaBootstrapServers()).isEqualTo("127.0.0.1:9092");
        assertThat(c.kafkaControllerPort()).isEqualTo(9093);
        assertThat(c.postgres().jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5433/postgres");
        assertThat(c.realmUrl()).isEqualTo("http://127.0.0.1:8180/realms/pente");
        assertThat(c.runDir()).isEqualTo(Path.of("/tmp/p/run"));
    }

    @Test
    void everyPortMovesWithItsVariable() {
        StackConfig c = StackConfig.fromEnv(Map.of("PENTE_KAFKA_PORT", "19092", "PENTE_PG_PORT", "15433",
                "PENTE_KEYCLOAK_PORT", "18180", "PENTE_BIND_HOST", "0.0.0.0"));

        assertThat(c.bindHost()).isEqualTo("0.0.0.0");
        assertThat(c.kafkaBootstrapServers()).isEqualTo("127.0.0.1:19092");
        assertThat(c.postgres().reactiveUrl()).isEqualTo("postgresql://127.0.0.1:15433/postgres");
        assertThat(c.realmUrl()).isEqualTo("http://127.0.0.1:18180/realms/pente");
        assertThatThrownBy(() -> StackConfig.fromEnv(Map.of("PENTE_PG_PORT", "five"))).hasMessageContaining("PENTE_PG_PORT");
    }

    @Test
    void anExternalPostgresUrlCarriesItsCredentials() {
        StackConfig c = StackConfig.fromEnv(Map.of("PENTE_PG_URL", "postgres://svc:s%40cret@db.local:6543/pente"));

        assertThat(c.postgres()).isEqualTo(new PostgresTarget("db.local", 6543, "pente", Optional.of("svc"), Optional.of("s@cret")));
        assertThat(c.postgresUser()).isEqualTo("svc");
        assertThat(c.postgresPassword()).isEqualTo("s@cret");
        assertThat(c.postgres().withDatabase("game").jdbcUrl()).isEqualTo("jdbc:postgresql://db.local:6543/game");
    }

    @Test
    void aJdbcUrlTakesCredentialsFromTheEnvironment() {
        StackConfig c = StackConfig.fromEnv(Map.of("PENTE_PG_URL", "jdbc:postgresql://10.1.2.3/club",
                "PENTE_PG_USER", "u", "PENTE_PG_PASSWORD", "p"));

        assertThat(c.postgres().address()).isEqualTo("10.1.2.3:5432");
        assertThat(c.postgresUser()).isEqualTo("u");
        assertThat(c.postgresPassword()).isEqualTo("p");
        assertThatThrownBy(() -> PostgresTarget.parse("mysql://x/y")).hasMessageContaining("PENTE_PG_URL");
    }
}
