package club.pente.kit.config;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RequiredSecretsTest {

    @Test
    void aMissingOrBlankSecretIsNamed() {
        Map<String, String> config = Map.of("quarkus.datasource.password", "pw", "quarkus.oidc.credentials.secret", " ");
        assertThat(RequiredSecrets.missing(List.of("quarkus.datasource.password", "quarkus.oidc.credentials.secret", "other"),
                name -> Optional.ofNullable(config.get(name))))
                .containsExactly("quarkus.oidc.credentials.secret", "other");
    }

    @Test
    void aProductionStartWithoutTheVariableBehindASecretStops() {
        SmallRyeConfig config = new SmallRyeConfigBuilder().addDefaultInterceptors().withSources(new PropertiesConfigSource(Map.of(
                "pente.secrets.required", "quarkus.datasource.password,quarkus.oidc.credentials.secret",
                "quarkus.datasource.password", "${PENTE_NO_SUCH_VARIABLE_FOR_THIS_TEST}",
                "quarkus.oidc.credentials.secret", "given"), "test", 250)).build();
        assertThatThrownBy(() -> new RequiredSecrets(config))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("quarkus.datasource.password")
                .hasMessageNotContaining("quarkus.oidc.credentials.secret");
    }

    @Test
    void nothingRequiredNothingMissing() {
        assertThat(RequiredSecrets.missing(List.of(), name -> Optional.empty())).isEmpty();
    }
}
