package club.pente.gateway.identity;

import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Quarkus treats these properties as optional, so a production start without the environment variables
 * behind them would run with no password or secret. Injected as required here, a missing one stops the
 * start at once, before any connection is made: "Failed to load config value of type class java.lang.String for:
 * quarkus.oidc.credentials.secret" (the comment at that property in application.properties names the variable).
 * Dev and test have demo values (application.properties); ./pente up and the tests pass them explicitly.
 */
@Startup
@Singleton
class RequiredSecrets {
    RequiredSecrets(@ConfigProperty(name = "quarkus.oidc.credentials.secret") String oidcClientSecret) {
    }
}
