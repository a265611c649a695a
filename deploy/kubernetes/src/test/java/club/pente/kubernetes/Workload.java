package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** One service's Deployment as the checks see it: its main container's environment, ports and the Secrets it uses. */
final class Workload {
    /** Where an environment variable's value comes from. */
    static final class EnvSource {
        final String kind; // value, secret, configMap, field, resource
        final String name; // Secret or ConfigMap name
        final String key;
        final String value; // the literal, or the ConfigMap's value when known

        EnvSource(String kind, String name, String key, String value) {
            this.kind = kind;
            this.name = name;
            this.key = key;
            this.value = value;
        }
    }

    final JsonNode deployment;
    final JsonNode container;
    /** Variables set explicitly (env) and through envFrom ConfigMaps of the manifests; explicit entries win. */
    final Map<String, EnvSource> env = new LinkedHashMap<>();
    /** envFrom Secret names: their keys cannot be seen (they are never committed). */
    final Set<String> envFromSecrets = new LinkedHashSet<>();
    final Set<String> referencedSecrets = new LinkedHashSet<>();
    final java.util.List<String> problems = new java.util.ArrayList<>();

    Workload(JsonNode deployment, Manifests manifests) {
        this.deployment = deployment;
        this.container = Manifests.containers(deployment).stream().findFirst().orElse(Manifests.JSON.createObjectNode());
        for (JsonNode from : container.path("envFrom")) {
            String prefix = from.path("prefix").asText("");
            if (from.has("configMapRef")) {
                String name = from.path("configMapRef").path("name").asText();
                Optional<com.fasterxml.jackson.databind.node.ObjectNode> map = manifests.find("ConfigMap", name);
                if (map.isEmpty()) {
                    if (!from.path("configMapRef").path("optional").asBoolean(false)) {
                        problems.add("envFrom ConfigMap " + name + " is not in the manifests");
                    }
                    continue;
                }
                map.get().path("data").fields().forEachRemaining(e ->
                        env.put(prefix + e.getKey(), new EnvSource("configMap", name, e.getKey(), e.getValue().asText())));
            } else if (from.has("secretRef")) {
                String name = from.path("secretRef").path("name").asText();
                envFromSecrets.add(name);
                referencedSecrets.add(name);
            }
        }
        for (JsonNode var : container.path("env")) {
            String name = var.path("name").asText();
            JsonNode valueFrom = var.path("valueFrom");
            if (valueFrom.has("secretKeyRef")) {
                JsonNode ref = valueFrom.path("secretKeyRef");
                referencedSecrets.add(ref.path("name").asText());
                env.put(name, new EnvSource("secret", ref.path("name").asText(), ref.path("key").asText(), null));
            } else if (valueFrom.has("configMapKeyRef")) {
                JsonNode ref = valueFrom.path("configMapKeyRef");
                String mapName = ref.path("name").asText();
                String key = ref.path("key").asText();
                Optional<com.fasterxml.jackson.databind.node.ObjectNode> map = manifests.find("ConfigMap", mapName);
                if (map.isEmpty() || !map.get().path("data").has(key)) {
                    problems.add("env " + name + " refers to ConfigMap " + mapName + " key " + key + ", which the manifests do not have");
                }
                env.put(name, new EnvSource("configMap", mapName, key,
                        map.map(m -> m.path("data").path(key).asText(null)).orElse(null)));
            } else if (valueFrom.has("fieldRef")) {
                env.put(name, new EnvSource("field", null, valueFrom.path("fieldRef").path("fieldPath").asText(), null));
            } else if (valueFrom.has("resourceFieldRef")) {
                env.put(name, new EnvSource("resource", null, valueFrom.path("resourceFieldRef").path("resource").asText(), null));
            } else {
                env.put(name, new EnvSource("value", null, null, var.path("value").asText("")));
            }
        }
        for (JsonNode volume : deployment.path("spec").path("template").path("spec").path("volumes")) {
            if (volume.has("secret")) {
                referencedSecrets.add(volume.path("secret").path("secretName").asText());
            }
        }
    }

    /** The literal values the environment gives (for resolving placeholders); Secrets and fields stay unknown. */
    Map<String, String> knownValues() {
        Map<String, String> values = new LinkedHashMap<>();
        env.forEach((name, source) -> {
            if (source.value != null) {
                values.put(name, source.value);
            }
        });
        return values;
    }

    /** The container port with this number: its name, or empty when the container does not declare it. */
    Optional<JsonNode> port(int number) {
        for (JsonNode port : container.path("ports")) {
            if (port.path("containerPort").asInt() == number) {
                return Optional.of(port);
            }
        }
        return Optional.empty();
    }

    /** A port reference (number, or name of a container port) as a number. */
    Optional<Integer> portNumber(JsonNode reference) {
        if (reference.isInt()) {
            return Optional.of(reference.asInt());
        }
        for (JsonNode port : container.path("ports")) {
            if (reference.asText().equals(port.path("name").asText())) {
                return Optional.of(port.path("containerPort").asInt());
            }
        }
        if (reference.asText().matches("\\d+")) {
            return Optional.of(Integer.parseInt(reference.asText()));
        }
        return Optional.empty();
    }

    JsonNode podLabels() {
        return deployment.path("spec").path("template").path("metadata").path("labels");
    }
}
