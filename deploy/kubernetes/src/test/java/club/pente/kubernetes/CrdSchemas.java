package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Custom resources checked against the openAPIV3Schema of their CustomResourceDefinition (the YAML files under
 * src/test/resources/schemas/crds, README there says where each comes from), made strict the way the API
 * server's strict field validation is: an object schema with properties and no additionalProperties and no
 * x-kubernetes-preserve-unknown-fields refuses any other field. x-kubernetes-int-or-string and nullable are
 * turned into their JSON-schema equivalents. The metadata is checked as a Kubernetes ObjectMeta.
 */
final class CrdSchemas {
    private final Map<String, JsonSchema> byKind;
    private final Map<String, String> sources;

    private CrdSchemas(Map<String, JsonSchema> byKind, Map<String, String> sources) {
        this.byKind = byKind;
        this.sources = sources;
    }

    private static CrdSchemas bundled;

    /** The CRDs shipped with the tests (compiled once per test JVM: the Kafka CRD alone is 330 KB). */
    static synchronized CrdSchemas bundled() {
        if (bundled == null) {
            bundled = loadBundled();
        }
        return bundled;
    }

    private static CrdSchemas loadBundled() {
        try {
            Path dir = Path.of(CrdSchemas.class.getResource("/schemas/crds").toURI());
            List<Path> files;
            try (Stream<Path> listing = Files.list(dir)) {
                files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
            }
            return load(files);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static CrdSchemas load(List<Path> files) {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7);
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().build();
        Map<String, JsonSchema> byKind = new TreeMap<>();
        Map<String, String> sources = new TreeMap<>();
        for (Path file : files) {
            for (ObjectNode crd : Manifests.read(file).ofKind("CustomResourceDefinition")) {
                JsonNode spec = crd.path("spec");
                for (JsonNode version : spec.path("versions")) {
                    if (!version.path("served").asBoolean(true)) {
                        continue;
                    }
                    JsonNode schema = version.path("schema").path("openAPIV3Schema");
                    if (schema.isMissingNode()) {
                        continue;
                    }
                    String key = key(spec.path("group").asText() + "/" + version.path("name").asText(),
                            spec.path("names").path("kind").asText());
                    byKind.put(key, factory.getSchema(strict(schema.deepCopy()), config));
                    sources.put(key, file.getFileName().toString());
                }
            }
        }
        return new CrdSchemas(byKind, sources);
    }

    static String key(String apiVersion, String kind) {
        return apiVersion + " " + kind;
    }

    boolean covers(JsonNode object) {
        return byKind.containsKey(key(object.path("apiVersion").asText(), object.path("kind").asText()));
    }

    /** apiVersion kind -> the file its schema comes from. */
    Map<String, String> sources() {
        return sources;
    }

    /** Every violation of the object's CRD schema (empty when valid). */
    List<String> violations(JsonNode object) {
        String key = key(object.path("apiVersion").asText(), object.path("kind").asText());
        JsonSchema schema = byKind.get(key);
        if (schema == null) {
            return List.of("no CRD schema for " + key);
        }
        List<String> problems = new ArrayList<>();
        Set<ValidationMessage> messages = schema.validate(object);
        messages.stream().map(ValidationMessage::getMessage).sorted().forEach(problems::add);
        BuiltinSchemas.metadataViolation(object.path("metadata")).ifPresent(problems::add);
        return problems;
    }

    /** Turns a structural CRD schema into a strict JSON schema (in place) and returns it. */
    static JsonNode strict(JsonNode schema) {
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode node = (ObjectNode) schema;
        node.remove("description");
        node.remove(List.of("x-kubernetes-list-type", "x-kubernetes-list-map-keys", "x-kubernetes-map-type",
                "x-kubernetes-validations", "x-kubernetes-embedded-resource", "example", "externalDocs"));
        if (node.has("format") && Set.of("int32", "int64", "float", "double", "byte", "int-or-string")
                .contains(node.path("format").asText())) {
            node.remove("format");
        }
        boolean preserve = node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
        node.remove("x-kubernetes-preserve-unknown-fields");
        if (node.path("x-kubernetes-int-or-string").asBoolean(false)) {
            node.remove("x-kubernetes-int-or-string");
            node.remove("type");
            ArrayNode anyOf = node.putArray("anyOf");
            anyOf.addObject().put("type", "integer");
            anyOf.addObject().put("type", "string");
        }
        if (node.path("nullable").asBoolean(false) && node.path("type").isTextual()) {
            String type = node.path("type").asText();
            ArrayNode types = node.putArray("type");
            types.add(type).add("null");
        }
        node.remove("nullable");
        if (node.has("properties")) {
            Iterator<Map.Entry<String, JsonNode>> properties = node.path("properties").fields();
            while (properties.hasNext()) {
                strict(properties.next().getValue());
            }
            if (!preserve && !node.has("additionalProperties")) {
                node.put("additionalProperties", false);
            }
        }
        if (node.path("additionalProperties").isObject()) {
            strict(node.path("additionalProperties"));
        }
        if (node.has("items")) {
            strict(node.path("items"));
        }
        for (String combinator : List.of("anyOf", "oneOf", "allOf")) {
            node.path(combinator).forEach(CrdSchemas::strict);
        }
        if (node.has("not")) {
            strict(node.path("not"));
        }
        return node;
    }

    /** For the report: which schema file validated which kinds. */
    Map<String, List<String>> kindsByFile() {
        Map<String, List<String>> byFile = new LinkedHashMap<>();
        sources.forEach((kind, file) -> byFile.computeIfAbsent(file, f -> new ArrayList<>()).add(kind));
        return byFile;
    }

    Optional<String> source(JsonNode object) {
        return Optional.ofNullable(sources.get(key(object.path("apiVersion").asText(), object.path("kind").asText())));
    }
}
