package club.pente.testinfra;

import club.pente.stack.Artifacts;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import java.time.Duration;
import org.apache.kafka.common.utils.AppInfoParser;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * The three containers of {@link ContainerStack}, at the versions the local stack runs (Kafka as the BOM's
 * kafka-clients, PostgreSQL and Keycloak as deploy's pom) and set up as deploy/stack sets up its processes.
 * Building one does not reach Docker; {@link GenericContainer#start()} does.
 */
final class StackContainers {

    static final int KAFKA_PORT = 9092;
    static final int POSTGRES_PORT = 5432;
    static final int KEYCLOAK_PORT = 8080;
    /** deploy/keycloak/pente-realm.json, which the deploy module packs at this path. */
    static final String REALM_RESOURCE = "club/pente/stack/keycloak/pente-realm.json";
    static final String REALM_IN_CONTAINER = "/opt/keycloak/data/import/pente-realm.json";

    private StackContainers() {
    }

    static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    static GenericContainer<?> create(String name, StackConfig base) {
        return switch (name) {
            case Components.KAFKA -> kafka();
            case Components.POSTGRES -> postgres(base);
            case Components.KEYCLOAK -> keycloak(base);
            default -> throw new IllegalArgumentException("no container for " + name);
        };
    }

    static int port(String name) {
        return switch (name) {
            case Components.KAFKA -> KAFKA_PORT;
            case Components.POSTGRES -> POSTGRES_PORT;
            case Components.KEYCLOAK -> KEYCLOAK_PORT;
            default -> throw new IllegalArgumentException("no container for " + name);
        };
    }

    static String image(String name) {
        return switch (name) {
            case Components.KAFKA -> kafkaImage(AppInfoParser.getVersion());
            case Components.POSTGRES -> postgresImage(Artifacts.load().postgresVersion());
            case Components.KEYCLOAK -> keycloakImage(Artifacts.load().keycloakVersion());
            default -> throw new IllegalArgumentException("no container for " + name);
        };
    }

    static String kafkaImage(String kafkaVersion) {
        return "apache/kafka:" + kafkaVersion;
    }

    /** The zonky binaries' version {@code 17.11.0} is PostgreSQL 17.11, tagged {@code 17.11}. */
    static String postgresImage(String binariesVersion) {
        String[] parts = binariesVersion.split("\\.");
        if (parts.length < 2) {
            throw new IllegalArgumentException("not a PostgreSQL binaries version: " + binariesVersion);
        }
        return "postgres:" + parts[0] + "." + parts[1];
    }

    static String keycloakImage(String keycloakVersion) {
        return "quay.io/keycloak/keycloak:" + keycloakVersion;
    }

    /** One KRaft node, with the broker settings of deploy's KafkaComponent that differ from the image's. */
    static KafkaContainer kafka() {
        return new KafkaContainer(DockerImageName.parse(image(Components.KAFKA)))
                .withEnv("KAFKA_NUM_PARTITIONS", "1")
                .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "true")
                .withEnv("KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS", "3")
                .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0")
                .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "1")
                .withStartupTimeout(Duration.ofSeconds(90));
    }

    /** The stack's superuser on the maintenance database {@code postgres}, initialised as deploy's PostgresComponent does. */
    static PostgreSQLContainer postgres(StackConfig base) {
        PostgreSQLContainer postgres = new PostgreSQLContainer(DockerImageName.parse(image(Components.POSTGRES)))
                .withDatabaseName("postgres")
                .withUsername(base.postgresUser())
                .withPassword(base.postgresPassword())
                .withEnv("POSTGRES_INITDB_ARGS", "--encoding=UTF8 --locale=C")
                .withStartupTimeout(Duration.ofSeconds(60));
        // TCP logins need the password (scram-sha-256, the image's default); fsync off as Testcontainers has it;
        // the connections of many test databases as the local server.
        postgres.setCommand("postgres", "-c", "fsync=off", "-c", "max_connections=200");
        return postgres;
    }

    /**
     * Keycloak in dev mode with the pente realm imported on start. No fixed hostname: the issuer is the address
     * clients use, and services and tests all use {@link StackConfig#realmUrl()}.
     */
    static GenericContainer<?> keycloak(StackConfig base) {
        return new GenericContainer<>(DockerImageName.parse(image(Components.KEYCLOAK)))
                .withExposedPorts(KEYCLOAK_PORT)
                .withEnv("KC_BOOTSTRAP_ADMIN_USERNAME", base.keycloakAdmin())
                .withEnv("KC_BOOTSTRAP_ADMIN_PASSWORD", base.keycloakAdminPassword())
                // The realm file reads the services client's secret from this variable.
                .withEnv("PENTE_SERVICES_SECRET", base.servicesSecret())
                .withEnv("JAVA_OPTS_KC_HEAP", System.getenv().getOrDefault("PENTE_KEYCLOAK_HEAP", "-Xms64m -Xmx512m"))
                .withCopyFileToContainer(MountableFile.forClasspathResource(REALM_RESOURCE), REALM_IN_CONTAINER)
                .withCommand("start-dev", "--import-realm", "--http-port=" + KEYCLOAK_PORT)
                .waitingFor(Wait.forHttp("/realms/" + StackConfig.REALM + "/.well-known/openid-configuration")
                        .forPort(KEYCLOAK_PORT).forStatusCode(200).withStartupTimeout(Duration.ofSeconds(180)));
    }
}
