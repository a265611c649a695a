package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;

/**
 * The Kubernetes built-in kinds, checked with the models of the official Java client (io.kubernetes:client-java-api),
 * which are generated from the Kubernetes release's OpenAPI document: {@code validateJsonElement} refuses a field
 * the API does not define (at any depth, like {@code kubectl apply --validate=strict}), a missing required field and
 * a value of the wrong JSON type. Which release: the client version in deploy/kubernetes/pom.xml.
 */
final class BuiltinSchemas {
    /** API groups whose kinds are checked here; anything else must have a CRD schema. */
    private static final Map<String, String> GROUPS = Map.of(
            "", "core", "apps", "apps", "autoscaling", "autoscaling", "policy", "policy",
            "networking.k8s.io", "networking", "rbac.authorization.k8s.io", "rbac", "batch", "batch");
    private static final String MODELS = "io.kubernetes.client.openapi.models.";

    private BuiltinSchemas() {
    }

    static boolean covers(JsonNode object) {
        return GROUPS.containsKey(group(object.path("apiVersion").asText()));
    }

    /** The first violation of the object's schema, or empty when it is valid. */
    static Optional<String> violation(JsonNode object) {
        String apiVersion = object.path("apiVersion").asText();
        String kind = object.path("kind").asText();
        String version = apiVersion.contains("/") ? apiVersion.substring(apiVersion.indexOf('/') + 1) : apiVersion;
        String className = MODELS + Character.toUpperCase(version.charAt(0)) + version.substring(1) + kind;
        Method validate;
        try {
            validate = Class.forName(className).getMethod("validateJsonElement", JsonElement.class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return Optional.of(apiVersion + " " + kind + " is not a kind of this Kubernetes API (no model " + className + ")");
        }
        try {
            validate.invoke(null, JsonParser.parseString(object.toString()));
            // validateJsonElement leaves maps and numbers alone: reading it into the model checks their types.
            Object model = validate.getDeclaringClass().getMethod("fromJson", String.class).invoke(null, object.toString());
            // gson reads "8081" into an int field without a word; the API server refuses a string there.
            Optional<String> coerced = coercedNumber(object, Manifests.JSON.readTree((String) model.getClass().getMethod("toJson").invoke(model)), "");
            if (coerced.isPresent()) {
                return coerced;
            }
            Optional<String> badEnum = enumViolation(object, "");
            return badEnum.isPresent() ? badEnum : intOrStringViolation(object, "");
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            return Optional.of(cause.getClass().getSimpleName() + ": " + shorten(cause.getMessage()));
        } catch (IllegalAccessException | NoSuchMethodException | java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Values the client's models keep as plain strings although the API has a closed set (the OpenAPI document's
     * enums for the fields these manifests use), by the field's name and, where a name is shared, its parent.
     */
    private static final Map<String, java.util.Set<String>> ENUMS = Map.ofEntries(
            Map.entry("imagePullPolicy", java.util.Set.of("Always", "Never", "IfNotPresent")),
            Map.entry("protocol", java.util.Set.of("TCP", "UDP", "SCTP")),
            Map.entry("pathType", java.util.Set.of("Exact", "Prefix", "ImplementationSpecific")),
            Map.entry("policyTypes[]", java.util.Set.of("Ingress", "Egress")),
            Map.entry("restartPolicy", java.util.Set.of("Always", "OnFailure", "Never")),
            Map.entry("strategy.type", java.util.Set.of("RollingUpdate", "Recreate")),
            Map.entry("spec.type", java.util.Set.of("ClusterIP", "NodePort", "LoadBalancer", "ExternalName")),
            Map.entry("metrics[].type", java.util.Set.of("Resource", "Pods", "Object", "External", "ContainerResource")),
            Map.entry("target.type", java.util.Set.of("Utilization", "Value", "AverageValue")),
            Map.entry("sessionAffinity", java.util.Set.of("ClientIP", "None")),
            Map.entry("unhealthyPodEvictionPolicy", java.util.Set.of("IfHealthyBudget", "AlwaysAllow")));

    /** The first string at a field with a closed set of values that is not one of them. */
    static Optional<String> enumViolation(JsonNode node, String path) {
        if (node.isObject()) {
            var fields = node.fields();
            while (fields.hasNext()) {
                var field = fields.next();
                String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                Optional<String> found = enumViolation(field.getValue(), child);
                if (found.isPresent()) {
                    return found;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                Optional<String> found = enumViolation(item, path + "[]");
                if (found.isPresent()) {
                    return found;
                }
            }
        } else if (node.isTextual()) {
            for (Map.Entry<String, java.util.Set<String>> e : ENUMS.entrySet()) {
                String key = e.getKey();
                // spec.type only as a Service's own (other kinds nest a "type" under other parents)
                boolean applies = path.equals(key) || (!key.equals("spec.type") && path.endsWith("." + key));
                if (applies && !e.getValue().contains(node.asText())) {
                    return Optional.of("field " + path + ": " + node.asText() + " is not one of " + new java.util.TreeSet<>(e.getValue()));
                }
            }
        }
        return Optional.empty();
    }

    /** IntOrString fields whose string form the API accepts only as a percentage ("a valid percent string"). */
    private static final java.util.Set<String> PERCENT_OR_INT = java.util.Set.of("maxSurge", "maxUnavailable", "minAvailable");
    private static final java.util.regex.Pattern PERCENT = java.util.regex.Pattern.compile("[0-9]+%");

    /** The first maxSurge/maxUnavailable/minAvailable written as a string that is not a percentage ("1" is refused). */
    static Optional<String> intOrStringViolation(JsonNode node, String path) {
        var fields = node.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
            JsonNode value = field.getValue();
            if (PERCENT_OR_INT.contains(field.getKey()) && value.isTextual() && !PERCENT.matcher(value.asText()).matches()) {
                return Optional.of("field " + child + ": \"" + value.asText() + "\" is a string but not a percentage (write "
                        + value.asText() + " as a number or as N%)");
            }
            Optional<String> found = value.isArray() ? java.util.stream.StreamSupport.stream(value.spliterator(), false)
                    .map(item -> intOrStringViolation(item, child + "[]")).filter(Optional::isPresent).map(Optional::get).findFirst()
                    : intOrStringViolation(value, child);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** The first place where the input has a string the model read as a number (the API would refuse it). */
    static Optional<String> coercedNumber(JsonNode input, JsonNode read, String path) {
        if (input.isObject()) {
            var fields = input.fields();
            while (fields.hasNext()) {
                var field = fields.next();
                Optional<String> found = coercedNumber(field.getValue(), read.path(field.getKey()),
                        path.isEmpty() ? field.getKey() : path + "." + field.getKey());
                if (found.isPresent()) {
                    return found;
                }
            }
        } else if (input.isArray()) {
            for (int i = 0; i < input.size(); i++) {
                Optional<String> found = coercedNumber(input.get(i), read.path(i), path + "[" + i + "]");
                if (found.isPresent()) {
                    return found;
                }
            }
        } else if (input.isTextual() && read.isNumber()) {
            return Optional.of("field " + path + ": \"" + input.asText() + "\" is a string, the API wants a number");
        }
        return Optional.empty();
    }

    /** A custom resource's metadata, checked as the ObjectMeta it is. */
    static Optional<String> metadataViolation(JsonNode metadata) {
        try {
            io.kubernetes.client.openapi.models.V1ObjectMeta.validateJsonElement(JsonParser.parseString(metadata.toString()));
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("metadata: " + shorten(e.getMessage()));
        }
    }

    static String group(String apiVersion) {
        return apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    }

    /** The client quotes the whole offending JSON after the message; the first part says what is wrong. */
    private static String shorten(String message) {
        if (message == null) {
            return "(no message)";
        }
        int json = message.indexOf(" JSON: ");
        return json > 0 ? message.substring(0, json) : message.length() > 400 ? message.substring(0, 400) + "..." : message;
    }
}
