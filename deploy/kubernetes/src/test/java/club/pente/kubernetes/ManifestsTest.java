package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * deploy/kubernetes as an operator applies it: every overlay rendered with Kustomize, every object checked against
 * its schema (Kubernetes built-ins and the operators' CRDs) and against the services' own configuration.
 */
class ManifestsTest {
    private static final Path ROOT = ServiceConfig.repoRoot();
    /** deploy/kubernetes, or another copy of it named by -Dpente.kubernetes.dir (to try a change without touching the tree). */
    private static final Path KUBERNETES = Path.of(System.getProperty("pente.kubernetes.dir", ROOT.resolve("deploy/kubernetes").toString()));
    private static final List<String> SERVICES = List.of("game-service", "matchmaking-service", "rating-service",
            "ai-service", "spectator-gateway");
    /**
     * Problems the project knows, documents in deploy/kubernetes/README.md ("What is not done yet") and accepts here
     * by name: each is printed as a KNOWN GAP on every run, the README must still say the word in the value, and an
     * exception that no longer matches any problem fails the test (so that it is removed once the gap is closed).
     */
    private static final Map<String, String> KNOWN_GAPS = Map.of(
            "without authentication as ANONYMOUS, a super user: no KafkaUser's ACLs apply to it", "ANONYMOUS",
            "uses no KafkaUser's Secret", "ANONYMOUS");
    private static volatile boolean overlaysChecked;
    private static final java.util.Set<String> GAPS_SEEN = new java.util.concurrent.ConcurrentSkipListSet<>();
    private static Map<String, ServiceConfig> services;
    private static SchemaCheck schemas;
    private static JsonNode productionRealm;

    @BeforeAll
    static void sources() throws IOException {
        services = ServiceConfig.all(ROOT);
        schemas = new SchemaCheck(CrdSchemas.bundled());
        productionRealm = Manifests.JSON.readTree(ROOT.resolve("deploy/keycloak/pente-realm-production.json").toFile());
    }

    static List<Path> overlays() throws IOException {
        Assumptions.assumeTrue(Files.exists(KUBERNETES.resolve("base/kustomization.yaml")),
                "deploy/kubernetes/base has no kustomization.yaml yet");
        try (Stream<Path> dirs = Files.list(KUBERNETES.resolve("overlays"))) {
            return dirs.filter(d -> Files.exists(d.resolve("kustomization.yaml"))).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void theOverlaysAnOperatorAppliesExist() throws IOException {
        assertThat(overlays().stream().map(p -> p.getFileName().toString())).contains("local", "production");
    }

    @TestFactory
    Stream<DynamicTest> everyOverlayRendersAndValidates() throws IOException {
        Kustomize kustomize = Kustomize.find();
        return overlays().stream().map(overlay -> DynamicTest.dynamicTest(overlay.getFileName().toString(), () -> {
            String name = overlay.getFileName().toString();
            long start = System.nanoTime();
            Manifests rendered = Manifests.parse(kustomize.render(overlay));
            overlaysChecked = true;
            long renderMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            List<String> problems = new ArrayList<>(schemas.problems(rendered));
            boolean production = name.equals("production");
            problems.addAll(new CrossChecks(rendered, services).all(production, Optional.of(productionRealm)));
            List<String> known = problems.stream().filter(p -> KNOWN_GAPS.keySet().stream().anyMatch(p::contains))
                    .collect(Collectors.toList());
            problems.removeAll(known);
            KNOWN_GAPS.keySet().stream().filter(gap -> known.stream().anyMatch(p -> p.contains(gap))).forEach(GAPS_SEEN::add);
            System.out.printf("overlay %s: %d objects rendered by %s in %d ms, %d problems, %d known gaps%n",
                    name, rendered.all().size(), kustomize, renderMs, problems.size(), known.size());
            known.forEach(p -> System.out.println("  KNOWN GAP (deploy/kubernetes/README.md, What is not done yet): " + p));
            if (!problems.isEmpty()) {
                fail("overlays/" + name + ":\n  " + String.join("\n  ", problems));
            }
        }));
    }

    @org.junit.jupiter.api.AfterAll
    static void knownGapsAreStillGapsAndDocumented() throws IOException {
        if (!overlaysChecked) {
            return; // the overlays were not rendered in this run (a single test chosen, or no base yet)
        }
        String readme = Files.exists(KUBERNETES.resolve("README.md")) ? Files.readString(KUBERNETES.resolve("README.md")) : "";
        for (Map.Entry<String, String> gap : KNOWN_GAPS.entrySet()) {
            assertThat(GAPS_SEEN).as("known gap no overlay shows any more: remove it from KNOWN_GAPS").contains(gap.getKey());
            assertThat(readme).as("deploy/kubernetes/README.md must document the known gap '" + gap.getKey() + "'")
                    .contains(gap.getValue());
        }
    }

    /**
     * The quarkus-kubernetes output committed under base/<service>/kubernetes.yml is what the service's build generates:
     * the build writes kubernetes.json (not committed) and kubernetes.yml there together, so both the working-tree YAML
     * and HEAD's must equal the JSON of the last build: a hand-edited or a stale committed YAML fails (in a fresh clone,
     * as CI runs it, the services are built before this module). Skipped for a service not built here.
     */
    @Test
    void committedGeneratedManifestsAreWhatTheBuildGenerates() throws Exception {
        List<String> problems = new ArrayList<>();
        int compared = 0;
        for (String service : SERVICES) {
            Path dir = KUBERNETES.resolve("base").resolve(service);
            Path json = dir.resolve("kubernetes.json");
            if (!Files.exists(json)) {
                System.out.println(service + ": not built here (no " + ROOT.relativize(json) + "), committed copy not compared");
                continue;
            }
            // Two comparisons with what the last build generated: the working-tree YAML (a hand edit) and, when git has
            // it, the committed one (the build rewrites the working-tree copy, so only HEAD can be stale).
            JsonNode generated = Manifests.JSON.readTree(json.toFile());
            if (!sameObjects(Files.readString(dir.resolve("kubernetes.yml")), generated)) {
                problems.add(service + ": kubernetes.yml differs from what the last build generated (kubernetes.json beside it): "
                        + "change " + service + "'s application.properties, not the YAML, then `mvn package -pl " + service + "`");
            }
            Optional<String> committed = gitShow("HEAD:" + ROOT.relativize(dir.resolve("kubernetes.yml")));
            if (committed.isPresent() && !sameObjects(committed.get(), generated)) {
                problems.add(service + ": the committed kubernetes.yml (HEAD) differs from what the build generates now: "
                        + "commit the regenerated deploy/kubernetes/base/" + service + "/kubernetes.yml");
            }
            compared++;
        }
        System.out.println("generated manifests compared for " + compared + " of " + SERVICES.size() + " services");
        assertThat(problems).isEmpty();
    }

    /** Whether a YAML stream holds the same objects, in the same order, as quarkus-kubernetes' JSON (an array or a List). */
    static boolean sameObjects(String yaml, JsonNode json) {
        List<JsonNode> generated = new ArrayList<>();
        if (json.isArray()) {
            json.forEach(generated::add);
        } else if (json.has("items")) {
            json.path("items").forEach(generated::add);
        } else {
            generated.add(json);
        }
        List<JsonNode> committed = new ArrayList<>();
        Manifests.parse(yaml).all().forEach(object -> committed.add(byName(object)));
        return committed.equals(generated.stream().map(ManifestsTest::byName).toList());
    }

    /**
     * The object with every list of named items (container ports, env, volumes) in name order: quarkus-kubernetes
     * writes a container's ports in no fixed order from one build to the next, and their order means nothing.
     */
    static JsonNode byName(JsonNode node) {
        if (node.isObject()) {
            com.fasterxml.jackson.databind.node.ObjectNode copy = Manifests.JSON.createObjectNode();
            node.fields().forEachRemaining(field -> copy.set(field.getKey(), byName(field.getValue())));
            return copy;
        }
        if (node.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            node.forEach(item -> items.add(byName(item)));
            if (!items.isEmpty() && items.stream().allMatch(item -> item.isObject() && item.path("name").isTextual())) {
                items.sort(java.util.Comparator.comparing(item -> item.path("name").asText()));
            }
            com.fasterxml.jackson.databind.node.ArrayNode copy = Manifests.JSON.createArrayNode();
            items.forEach(copy::add);
            return copy;
        }
        return node;
    }

    @Test
    void theGeneratedManifestComparisonSeesAChange() throws IOException {
        String yaml = "apiVersion: v1\nkind: Service\nmetadata: {name: a}\nspec: {ports: [{port: 80, targetPort: 8081}]}\n";
        JsonNode same = Manifests.JSON.readTree("[{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"a\"},"
                + "\"spec\":{\"ports\":[{\"targetPort\":8081,\"port\":80}]}}]");
        assertThat(sameObjects(yaml, same)).isTrue();
        assertThat(sameObjects(yaml.replace("8081", "8082"), same)).isFalse();
        assertThat(sameObjects(yaml + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n", same)).isFalse();
        String twoPorts = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, ports: "
                + "[{name: http, containerPort: 8081}, {name: management, containerPort: 9081}]}]}\n";
        JsonNode swapped = Manifests.JSON.readTree("[{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},"
                + "\"spec\":{\"containers\":[{\"name\":\"c\",\"ports\":[{\"name\":\"management\",\"containerPort\":9081},"
                + "{\"name\":\"http\",\"containerPort\":8081}]}]}}]");
        assertThat(sameObjects(twoPorts, swapped)).as("ports in another order").isTrue();
        assertThat(sameObjects(twoPorts.replace("9081", "9082"), swapped)).as("a port changed").isFalse();
    }

    private static Optional<String> gitShow(String object) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "-C", ROOT.toString(), "show", object).redirectErrorStream(false).start();
        byte[] out = git.getInputStream().readAllBytes();
        git.getErrorStream().readAllBytes();
        if (!git.waitFor(30, TimeUnit.SECONDS) || git.exitValue() != 0) {
            return Optional.empty();
        }
        return Optional.of(new String(out, StandardCharsets.UTF_8));
    }
}
