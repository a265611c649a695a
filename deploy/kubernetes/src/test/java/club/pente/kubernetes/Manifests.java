package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Rendered Kubernetes objects: YAML streams parsed into JSON trees, and the look-ups the checks share. */
final class Manifests {
    static final ObjectMapper YAML = new YAMLMapper();
    static final ObjectMapper JSON = new ObjectMapper();

    private final List<ObjectNode> objects;

    Manifests(List<ObjectNode> objects) {
        this.objects = List.copyOf(objects);
    }

    /** Every document of a YAML stream that is an object (empty documents are skipped). */
    static Manifests parse(String yaml) {
        List<ObjectNode> objects = new ArrayList<>();
        try (var parser = new YAMLFactory().createParser(yaml)) {
            var documents = YAML.readValues(parser, JsonNode.class);
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document == null || document.isNull() || document.isMissingNode()) {
                    continue;
                }
                if (!document.isObject()) {
                    throw new IllegalArgumentException("a YAML document that is not an object: " + document);
                }
                objects.add((ObjectNode) document);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Manifests(objects);
    }

    static Manifests read(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<ObjectNode> all() {
        return objects;
    }

    List<ObjectNode> ofKind(String kind) {
        return objects.stream().filter(o -> kind.equals(o.path("kind").asText())).collect(Collectors.toList());
    }

    Optional<ObjectNode> find(String kind, String name) {
        return ofKind(kind).stream().filter(o -> name.equals(name(o))).findFirst();
    }

    static String name(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    /** {@code Kind/name}, how a problem names the object it is about. */
    static String id(JsonNode object) {
        return object.path("kind").asText() + "/" + name(object);
    }

    /** The containers of a workload's pod template (Deployment, StatefulSet), init containers left out. */
    static List<JsonNode> containers(JsonNode workload) {
        List<JsonNode> containers = new ArrayList<>();
        workload.path("spec").path("template").path("spec").path("containers").forEach(containers::add);
        return containers;
    }

    /** Whether the labels satisfy a label selector (matchLabels and matchExpressions, or a Service's plain map). */
    static boolean selects(JsonNode selector, JsonNode labels) {
        JsonNode matchLabels = selector.has("matchLabels") || selector.has("matchExpressions")
                ? selector.path("matchLabels") : selector;
        var fields = matchLabels.fields();
        while (fields.hasNext()) {
            var entry = fields.next();
            if (!entry.getValue().asText().equals(labels.path(entry.getKey()).asText(null))) {
                return false;
            }
        }
        for (JsonNode expression : selector.path("matchExpressions")) {
            String key = expression.path("key").asText();
            boolean present = labels.has(key);
            List<String> values = new ArrayList<>();
            expression.path("values").forEach(v -> values.add(v.asText()));
            String operator = expression.path("operator").asText();
            boolean ok;
            switch (operator) {
                case "In":
                    ok = present && values.contains(labels.path(key).asText());
                    break;
                case "NotIn":
                    ok = !present || !values.contains(labels.path(key).asText());
                    break;
                case "Exists":
                    ok = present;
                    break;
                case "DoesNotExist":
                    ok = !present;
                    break;
                default:
                    ok = false;
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
