package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cross-checks on a hand-made valid deployment of the game service (samples/valid), then on copies of it broken
 * in one place each: every check can fail, and says what is wrong.
 */
class CrossChecksTest {
    private static final Map<String, ServiceConfig> GAME = Map.of("game-service",
            ServiceConfig.read(ServiceConfig.repoRoot(), "game-service"));

    private static List<ObjectNode> fixture() {
        List<ObjectNode> objects = new ArrayList<>(Manifests.read(Samples.path("valid/game-service.yaml")).all());
        objects.addAll(Manifests.read(Samples.path("valid/topics.yaml")).all());
        return objects;
    }

    private static JsonNode realm() {
        return find(fixture(), "KeycloakRealmImport", "pente-realm").path("spec").path("realm").deepCopy();
    }

    private static ObjectNode find(List<ObjectNode> objects, String kind, String name) {
        return objects.stream().filter(o -> kind.equals(o.path("kind").asText()) && name.equals(Manifests.name(o)))
                .findFirst().orElseThrow(() -> new AssertionError("fixture has no " + kind + "/" + name));
    }

    private static List<String> problems(List<ObjectNode> objects) {
        return new CrossChecks(new Manifests(objects), GAME).all(true, Optional.of(realm()));
    }

    /** Breaks a fresh copy of the fixture and returns the problems found. */
    private static List<String> broken(Consumer<List<ObjectNode>> breakIt) {
        List<ObjectNode> objects = fixture();
        breakIt.accept(objects);
        return problems(objects);
    }

    private static ObjectNode container(List<ObjectNode> o) {
        return (ObjectNode) find(o, "Deployment", "game-service").path("spec").path("template").path("spec").path("containers").get(0);
    }

    private static ObjectNode config(List<ObjectNode> o) {
        return (ObjectNode) find(o, "ConfigMap", "pente-game").path("data");
    }

    private static void removeEnv(List<ObjectNode> o, String name) {
        ArrayNode env = (ArrayNode) container(o).path("env");
        for (int i = env.size() - 1; i >= 0; i--) {
            if (name.equals(env.get(i).path("name").asText())) {
                env.remove(i);
            }
        }
    }

    private static void removeAcl(List<ObjectNode> o, String resourceName) {
        ArrayNode acls = (ArrayNode) find(o, "KafkaUser", "pente-game").path("spec").path("authorization").path("acls");
        for (int i = acls.size() - 1; i >= 0; i--) {
            if (resourceName.equals(acls.get(i).path("resource").path("name").asText())) {
                acls.remove(i);
            }
        }
    }

    @Test
    void theValidFixturePassesEveryCheck() {
        assertThat(problems(fixture())).isEmpty();
        assertThat(new SchemaCheck(CrdSchemas.bundled()).problems(new Manifests(fixture()))).isEmpty();
    }

    @Test
    void environment() {
        assertThat(broken(o -> config(o).put("PENTE_GAME_PROT", "8081")))
                .anyMatch(p -> p.contains("env PENTE_GAME_PROT (from ConfigMap pente-game) is read by nothing in game-service"));
        assertThat(broken(o -> removeEnv(o, "PENTE_OIDC_CLIENT_SECRET")))
                .anyMatch(p -> p.contains("env PENTE_OIDC_CLIENT_SECRET is required by game-service"));
        assertThat(broken(o -> removeEnv(o, "PENTE_GUEST_PUBLIC_KEY")))
                .anyMatch(p -> p.contains("env PENTE_GUEST_PUBLIC_KEY is required"));
        assertThat(broken(o -> {
            removeEnv(o, "PENTE_GAME_DB_PASSWORD");
            config(o).put("PENTE_GAME_DB_PASSWORD", "committed-password");
        })).anyMatch(p -> p.contains("env PENTE_GAME_DB_PASSWORD is a secret (pente.secrets.required) but comes from a configMap"));
        assertThat(broken(o -> {
            removeEnv(o, "PENTE_OIDC_CLIENT_SECRET");
            ((ArrayNode) container(o).path("envFrom")).addObject().putObject("secretRef").put("name", "pente-oidc");
        })).anyMatch(p -> p.contains("only an envFrom Secret could hold it"));
    }

    @Test
    void portsAndProbes() {
        assertThat(broken(o -> ((ObjectNode) container(o).path("ports").get(0)).put("containerPort", 8080)))
                .anyMatch(p -> p.contains("no containerPort 8081 (quarkus.http.port of game-service)"));
        assertThat(broken(o -> config(o).put("PENTE_GAME_MANAGEMENT_PORT", "9999")))
                .anyMatch(p -> p.contains("no containerPort 9999"))
                .anyMatch(p -> p.contains("livenessProbe port management is not the management port 9999"));
        assertThat(broken(o -> ((ObjectNode) container(o).path("readinessProbe").path("httpGet")).put("path", "/q/health")))
                .anyMatch(p -> p.contains("readinessProbe asks /q/health, Quarkus answers /q/health/ready"));
        assertThat(broken(o -> container(o).remove("livenessProbe"))).anyMatch(p -> p.contains("no livenessProbe"));
        assertThat(broken(o -> config(o).remove("PENTE_BIND_HOST")))
                .anyMatch(p -> p.contains("quarkus.http.host resolves to 127.0.0.1"));
    }

    @Test
    void references() {
        assertThat(broken(o -> ((ObjectNode) find(o, "Service", "game-service").path("spec").path("selector"))
                .put("app.kubernetes.io/name", "game")))
                .anyMatch(p -> p.startsWith("Service/game-service: selector") && p.contains("selects no Deployment's pods"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Service", "game-service").path("spec").path("ports").get(0))
                .put("targetPort", "web")))
                .anyMatch(p -> p.contains("targetPort web is no container port of Deployment/game-service"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Ingress", "game-service").path("spec").path("rules").get(0)
                .path("http").path("paths").get(0).path("backend").path("service")).put("name", "gateway")))
                .anyMatch(p -> p.contains("backend Service gateway does not exist"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Ingress", "game-service").path("spec").path("rules").get(0)
                .path("http").path("paths").get(0).path("backend").path("service").path("port")).put("name", "https")))
                .anyMatch(p -> p.contains("Service game-service has no port"));
        assertThat(broken(o -> ((ObjectNode) find(o, "HorizontalPodAutoscaler", "game-service").path("spec").path("scaleTargetRef"))
                .put("name", "game")))
                .anyMatch(p -> p.contains("scaleTargetRef Deployment/game does not exist"));
        assertThat(broken(o -> ((ObjectNode) find(o, "PodDisruptionBudget", "game-service").path("spec").path("selector")
                .path("matchLabels")).put("app.kubernetes.io/name", "game")))
                .anyMatch(p -> p.contains("PodDisruptionBudget/game-service: selector selects no Deployment's pods"));
        assertThat(broken(o -> ((ObjectNode) find(o, "NetworkPolicy", "game-service").path("spec").path("podSelector")
                .path("matchLabels")).put("app.kubernetes.io/name", "game")))
                .anyMatch(p -> p.contains("NetworkPolicy/game-service: podSelector") && p.contains("selects no Deployment's pods"));
    }

    @Test
    void addressesAndNetworkPolicies() {
        assertThat(broken(o -> config(o).remove("PENTE_OIDC_URL")))
                .anyMatch(p -> p.contains("quarkus.oidc.auth-server-url resolves to http://127.0.0.1:8180/realms/pente (loopback"));
        assertThat(broken(o -> config(o).put("PENTE_OIDC_URL", "http://game-service:8080/realms/pente")))
                .anyMatch(p -> p.contains("calls game-service:8080, Service game-service has no port 8080"));
        assertThat(broken(o -> config(o).put("PENTE_OIDC_URL", "http://keycloak:8080/realms/pente")))
                .anyMatch(p -> p.contains("calls keycloak:8080, which is no Service of the manifests or of an operator"));
        assertThat(broken(o -> o.add((ObjectNode) Manifests.parse("{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, "
                + "metadata: {name: default-deny}, spec: {podSelector: {}, policyTypes: [Ingress]}}").all().get(0))))
                .anyMatch(p -> p.contains("quarkus.datasource.jdbc.url calls pente-pg-rw:5432 but no ingress rule of default-deny")
                        && p.contains("on port 5432"))
                .noneMatch(p -> p.contains("calls pente-kafka-kafka-bootstrap")); // Strimzi's own policy opens its listener
        assertThat(broken(o -> o.add((ObjectNode) Manifests.parse("{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, "
                + "metadata: {name: dns-only}, spec: {podSelector: {matchLabels: {app.kubernetes.io/name: game-service}}, "
                + "policyTypes: [Egress], egress: [{ports: [{port: 53, protocol: UDP}]}]}}").all().get(0))))
                .anyMatch(p -> p.contains("kafka.bootstrap.servers calls pente-kafka-kafka-bootstrap:9094 but no egress rule of dns-only"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Kafka", "pente-kafka").path("spec").path("kafka").path("listeners").get(0))
                .putArray("networkPolicyPeers").addObject().putObject("podSelector").putObject("matchLabels").put("app", "other")))
                .noneMatch(p -> p.contains("calls pente-kafka-kafka-bootstrap")); // no default deny: nothing closes it
        assertThat(broken(o -> {
            o.add((ObjectNode) Manifests.parse("{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, "
                    + "metadata: {name: default-deny}, spec: {podSelector: {}, policyTypes: [Ingress]}}").all().get(0));
            ((ObjectNode) find(o, "Kafka", "pente-kafka").path("spec").path("kafka").path("listeners").get(0))
                    .putArray("networkPolicyPeers").addObject().putObject("podSelector").putObject("matchLabels").put("app", "other");
        })).anyMatch(p -> p.contains("kafka.bootstrap.servers calls pente-kafka-kafka-bootstrap:9094 but no ingress rule"));
    }

    @Test
    void topics() {
        assertThat(broken(o -> o.remove(find(o, "KafkaTopic", "pente.presence"))))
                .anyMatch(p -> p.contains("KafkaTopic for pente.presence (catalogue PRESENCE) is missing"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KafkaTopic", "pente.game.commands.dlq").path("spec")).put("partitions", 12)))
                .anyMatch(p -> p.contains("(pente.game.commands.dlq): partitions 12, the catalogue says 1"));
        assertThat(broken(o -> config(o).put("PENTE_KAFKA_PARTITIONS", "24")))
                .anyMatch(p -> p.contains("Deployment/game-service: pente.kafka.partitions 24, the KafkaTopics have 12"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KafkaTopic", "pente.game.events").path("spec")).put("replicas", 1)))
                .anyMatch(p -> p.contains("replicas 1, the platform needs 3"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KafkaTopic", "pente.game.events").path("spec").path("config"))
                .remove("min.insync.replicas")))
                .anyMatch(p -> p.contains("(pente.game.events): min.insync.replicas unset"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KafkaTopic", "pente.admin.sanctions").path("spec").path("config"))
                .remove("cleanup.policy")))
                .anyMatch(p -> p.contains("cleanup.policy unset, the catalogue says compact"));
        assertThat(broken(o -> {
            ObjectNode extra = find(o, "KafkaTopic", "pente.presence").deepCopy();
            ((ObjectNode) extra.path("metadata")).put("name", "pente.chat");
            ((ObjectNode) extra.path("spec")).put("topicName", "pente.chat");
            o.add(extra);
        })).anyMatch(p -> p.contains("topic pente.chat is not in the catalogue"));
    }

    @Test
    void kafkaUsersAndCluster() {
        assertThat(broken(o -> removeAcl(o, "pente-game-forfeits")))
                .anyMatch(p -> p.contains("no ACL allows Read on group pente-game-forfeits"));
        assertThat(broken(o -> {
            removeAcl(o, "pente-game-outcomes-");
            ((ArrayNode) find(o, "KafkaUser", "pente-game").path("spec").path("authorization").path("acls")).add(Manifests.parse(
                    "{resource: {type: group, name: pente-game-outcomes-, patternType: literal}, operations: [Read]}").all().get(0));
        })).anyMatch(p -> p.contains("no ACL allows Read on group pente-game-outcomes-*"));
        assertThat(broken(o -> removeAcl(o, "pente-game-")))
                .anyMatch(p -> p.contains("no ACL allows Write on transactionalId pente-game-"));
        assertThat(broken(o -> removeAcl(o, "pente.admin.audit")))
                .anyMatch(p -> p.contains("no ACL allows Describe on topic pente.admin.audit (its code's use of Topic.ADMIN_AUDIT)"));
        assertThat(broken(o -> removeAcl(o, "pente.game.events")))
                .anyMatch(p -> p.contains("no ACL allows Read on topic pente.game.events (incoming channel outcomes)"));
        assertThat(broken(o -> config(o).remove("PENTE_KAFKA_PROVISION_TOPICS")))
                .anyMatch(p -> p.contains("no ACL allows Create on topic pente.game.commands (topic provisioning at start"));
        assertThat(broken(o -> {
            ObjectNode listener = (ObjectNode) find(o, "Kafka", "pente-kafka").path("spec").path("kafka").path("listeners").get(0);
            listener.remove("authentication");
            ((ObjectNode) find(o, "Kafka", "pente-kafka").path("spec").path("kafka").path("authorization"))
                    .putArray("superUsers").add("ANONYMOUS");
        })).anyMatch(p -> p.contains("connects to Kafka listener scram (pente-kafka-kafka-bootstrap:9094) without authentication as ANONYMOUS"));
        assertThat(broken(o -> config(o).put("PENTE_KAFKA_BOOTSTRAP", "pente-kafka-kafka-bootstrap:9092")))
                .anyMatch(p -> p.contains("port 9092 is no listener of Kafka pente-kafka"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Deployment", "game-service").path("spec").path("template").path("spec"))
                .remove("volumes")))
                .anyMatch(p -> p.contains("uses no KafkaUser's Secret"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Kafka", "pente-kafka").path("spec").path("kafka").path("config"))
                .put("min.insync.replicas", 1)))
                .anyMatch(p -> p.contains("Kafka/pente-kafka: min.insync.replicas 1, the platform needs 2"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KafkaNodePool", "dual").path("spec")).put("replicas", 1)))
                .anyMatch(p -> p.contains("1 brokers and 1 controllers, production needs 3 and 3"));
    }

    @Test
    void databases() {
        assertThat(broken(o -> ((ObjectNode) find(o, "Cluster", "pente-pg").path("spec")).put("instances", 1)))
                .anyMatch(p -> p.contains("Cluster/pente-pg: instances 1, production needs 3"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Database", "pente-game").path("spec")).put("owner", "postgres")))
                .anyMatch(p -> p.contains("no Database pente_game owned by pente_game in cluster pente-pg"));
        assertThat(broken(o -> o.remove(find(o, "Database", "pente-game"))))
                .anyMatch(p -> p.contains("no Database pente_game"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Cluster", "pente-pg").path("spec").path("managed").path("roles").get(0))
                .put("login", false)))
                .anyMatch(p -> p.contains("role pente_game cannot log in"));
        assertThat(broken(o -> ((ObjectNode) find(o, "Cluster", "pente-pg").path("spec").path("managed").path("roles").get(0)
                .path("passwordSecret")).put("name", "other")))
                .anyMatch(p -> p.contains("PENTE_GAME_DB_PASSWORD comes from Secret pente-game-db, the role pente_game's password is in other"));
        assertThat(broken(o -> config(o).put("PENTE_GAME_DB_JDBC_URL", "jdbc:postgresql://postgres:5432/pente_game")))
                .anyMatch(p -> p.contains("host postgres is no CloudNativePG cluster's read-write Service"));
        assertThat(broken(o -> config(o).put("PENTE_GAME_DB_REACTIVE_URL", "postgresql://pente-pg-rw:5432/game")))
                .anyMatch(p -> p.contains("no Database game owned by pente_game"));
    }

    @Test
    void realmImport() {
        assertThat(broken(o -> ((ObjectNode) find(o, "KeycloakRealmImport", "pente-realm").path("spec").path("realm")).put("enabled", false)))
                .anyMatch(p -> p.contains("spec.realm differs from deploy/keycloak/pente-realm-production.json"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KeycloakRealmImport", "pente-realm").path("spec")).remove("placeholders")))
                .anyMatch(p -> p.contains("the realm's ${PENTE_SERVICES_SECRET} has no spec.placeholders.PENTE_SERVICES_SECRET.secret"));
        assertThat(broken(o -> ((ObjectNode) find(o, "KeycloakRealmImport", "pente-realm").path("spec")).put("keycloakCRName", "kc")))
                .anyMatch(p -> p.contains("keycloakCRName kc is no Keycloak"));
        ObjectNode typo = (ObjectNode) realm();
        typo.put("registrationAlowed", true);
        List<ObjectNode> objects = fixture();
        ((ObjectNode) find(objects, "KeycloakRealmImport", "pente-realm").path("spec")).set("realm", typo);
        assertThat(new CrossChecks(new Manifests(objects), GAME).realmImport(typo))
                .anyMatch(p -> p.contains("spec.realm is not a Keycloak RealmRepresentation") && p.contains("registrationAlowed"));
    }

    @Test
    void secretsAndProductionScale() {
        assertThat(broken(o -> o.add((ObjectNode) Manifests.parse(
                "{apiVersion: v1, kind: Secret, metadata: {name: pente-oidc}, stringData: {client-secret: s3cret}}").all().get(0))))
                .anyMatch(p -> p.contains("Secret/pente-oidc: a Secret with data in the manifests"));
        assertThat(broken(o -> ((ObjectNode) find(o, "HorizontalPodAutoscaler", "game-service").path("spec")).put("minReplicas", 1)))
                .anyMatch(p -> p.contains("Deployment/game-service: HPA minReplicas 1 in production"));
        assertThat(broken(o -> o.remove(find(o, "HorizontalPodAutoscaler", "game-service"))))
                .anyMatch(p -> p.contains("Deployment/game-service: no HorizontalPodAutoscaler in production"));
        assertThat(broken(o -> ((ObjectNode) find(o, "HorizontalPodAutoscaler", "game-service").path("spec")).put("maxReplicas", 16)))
                .anyMatch(p -> p.contains("maxReplicas 16 game instances, but only 12 command partitions"));
        assertThat(broken(o -> o.remove(find(o, "PodDisruptionBudget", "game-service"))))
                .anyMatch(p -> p.contains("Deployment/game-service: no PodDisruptionBudget in production"));
        List<ObjectNode> local = fixture();
        local.remove(find(local, "HorizontalPodAutoscaler", "game-service"));
        ((ObjectNode) find(local, "Deployment", "game-service").path("spec")).put("replicas", 1);
        assertThat(new CrossChecks(new Manifests(local), GAME).all(false, Optional.of(realm()))).isEmpty();
    }

    @Test
    void aServiceWithoutDeploymentIsReported() {
        assertThat(broken(o -> o.remove(find(o, "Deployment", "game-service"))).stream().collect(Collectors.toList()))
                .anyMatch(p -> p.contains("service game-service: no Deployment named game-service"));
    }
}
