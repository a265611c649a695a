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
            validate.getDeclaringClass().getMethod("fromJson", String.class).invoke(null, object.toString());
            return Optional.empty();
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            return Optional.of(cause.getClass().getSimpleName() + ": " + shorten(cause.getMessage()));
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
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
