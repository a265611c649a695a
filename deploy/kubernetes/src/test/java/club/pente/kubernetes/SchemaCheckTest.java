package club.pente.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The schema check passes valid operator resources and refuses each hand-broken object (the check can fail). */
class SchemaCheckTest {
    private static final SchemaCheck CHECK = new SchemaCheck(CrdSchemas.bundled());

    @Test
    void validOperatorResourcesPass() {
        assertThat(CHECK.problems(Manifests.read(Samples.path("valid/operators.yaml")))).isEmpty();
    }

    @Test
    void everyBrokenObjectIsRefused() {
        Manifests broken = Manifests.read(Samples.path("broken/schema.yaml"));
        assertThat(broken.all()).hasSize(17);
        for (ObjectNode object : broken.all()) {
            List<String> problems = CHECK.problems(new Manifests(List.of(object)));
            assertThat(problems).as(Manifests.id(object)).isNotEmpty();
            assertThat(problems).as(Manifests.id(object)).allMatch(p -> p.startsWith(Manifests.id(object)));
        }
    }

    @Test
    void theProblemSaysWhatIsWrong() {
        Manifests broken = Manifests.read(Samples.path("broken/schema.yaml"));
        assertThat(problemsOf(broken, "unknown-field")).anyMatch(p -> p.contains("imagePullPolcy"));
        assertThat(problemsOf(broken, "topic-typo")).anyMatch(p -> p.contains("replicationFactor"));
        assertThat(problemsOf(broken, "bad-acl")).anyMatch(p -> p.contains("operations"));
        assertThat(problemsOf(broken, "db-typo")).anyMatch(p -> p.contains("onwer"));
        assertThat(problemsOf(broken, "old-api")).anyMatch(p -> p.contains("v1beta2"));
        assertThat(problemsOf(broken, "bad-meta")).anyMatch(p -> p.contains("label"));
        assertThat(problemsOf(broken, "bad-enum-builtin")).anyMatch(p -> p.contains("imagePullPolicy: Sometimes is not one of"));
        assertThat(problemsOf(broken, "string-surge")).anyMatch(p -> p.contains("spec.strategy.rollingUpdate.maxSurge: \"1\" is a string but not a percentage"));
        assertThat(problemsOf(broken, "quoted-number")).anyMatch(p -> p.contains("spec.ports[0].port: \"80\" is a string"));
    }

    private static List<String> problemsOf(Manifests manifests, String name) {
        return CHECK.problems(new Manifests(List.of(manifests.all().stream()
                .filter(o -> name.equals(Manifests.name(o))).findFirst().orElseThrow())));
    }
}
