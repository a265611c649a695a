package club.pente.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** Every rendered object against its schema: a built-in kind's OpenAPI model or a custom resource's CRD. */
final class SchemaCheck {
    private final CrdSchemas crds;

    SchemaCheck(CrdSchemas crds) {
        this.crds = crds;
    }

    /** Problems, each naming the object; an object no schema covers is a problem too. */
    List<String> problems(Manifests manifests) {
        List<String> problems = new ArrayList<>();
        for (JsonNode object : manifests.all()) {
            String id = Manifests.id(object);
            if (crds.covers(object)) {
                crds.violations(object).forEach(v -> problems.add(id + " (" + object.path("apiVersion").asText() + "): " + v));
            } else if (BuiltinSchemas.covers(object)) {
                BuiltinSchemas.violation(object).ifPresent(v -> problems.add(id + " (" + object.path("apiVersion").asText() + "): " + v));
            } else {
                problems.add(id + ": no schema for " + object.path("apiVersion").asText() + " " + object.path("kind").asText()
                        + " (neither a Kubernetes built-in group nor a CRD under src/test/resources/schemas/crds)");
            }
        }
        return problems;
    }
}
