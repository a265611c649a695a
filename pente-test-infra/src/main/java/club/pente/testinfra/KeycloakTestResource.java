package club.pente.testinfra;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** A real Keycloak with the pente realm for a service's tests; tokens come from {@link DemoTokens}. */
public class KeycloakTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String SERVICES_CLIENT = "pente-services";

    @Override
    public Map<String, String> start() {
        return properties(TestStack.get().ensure(Components.KEYCLOAK));
    }

    static Map<String, String> properties(StackConfig config) {
        // pente.guest.public-key: services with pente-identity verify guest tokens with the development key.
        return Map.of("quarkus.oidc.auth-server-url", config.realmUrl(),
                "quarkus.oidc.client-id", SERVICES_CLIENT,
                "quarkus.oidc.credentials.secret", config.servicesSecret(),
                "quarkus.keycloak.devservices.enabled", "false",
                "pente.guest.public-key", DemoTokens.devGuestPublicKey());
    }

    @Override
    public void stop() {
        // See KafkaTestResource#stop.
    }
}
