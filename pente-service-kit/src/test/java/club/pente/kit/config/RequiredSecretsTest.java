package club.pente.kit.config;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RequiredSecretsTest {

    @Test
    void aMissingOrBlankSecretIsNamed() {
        Map<String, String> config = Map.of("quarkus.datasource.password", "pw", "quarkus.oidc.credentials.secret", " ");
        assertThat(RequiredSecrets.missing(List.of("quarkus.datasource.password", "quarkus.oidc.credentials.secret", "other"),
                name -> Optional.ofNullable(config.get(name))))
                .containsExactly("quarkus.oidc.credentials.secret", "other");
    }

    @Test
    void nothingRequiredNothingMissing() {
        assertThat(RequiredSecrets.missing(List.of(), name -> Optional.empty())).isEmpty();
    }
}
