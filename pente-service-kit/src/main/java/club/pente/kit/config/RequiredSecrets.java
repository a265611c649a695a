package club.pente.kit.config;

import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Quarkus treats a database password or an OIDC client secret as optional, so a production start without
 * the environment variables behind them would run with no password or secret. The properties a service
 * names in {@code pente.secrets.required} stop its start at once when missing or blank, before any
 * connection is made (the comment at each property in application.properties names its variable).
 * Dev and test have demo values; {@code ./pente up} and the tests pass them explicitly.
 */
@Startup
@Singleton
public class RequiredSecrets {

    RequiredSecrets(Config config) {
        List<String> missing = missing(config.getOptionalValues("pente.secrets.required", String.class).orElse(List.of()),
                name -> {
                    try {
                        return config.getOptionalValue(name, String.class);
                    } catch (NoSuchElementException unexpandable) { // ${PENTE_...} with no such variable
                        return Optional.empty();
                    }
                });
        if (!missing.isEmpty()) {
            throw new IllegalStateException("required configuration is missing: " + String.join(", ", missing)
                    + " (see the comment at each in application.properties for its environment variable)");
        }
    }

    interface Lookup {
        Optional<String> value(String name);
    }

    static List<String> missing(List<String> required, Lookup lookup) {
        return required.stream().filter(name -> lookup.value(name).filter(value -> !value.isBlank()).isEmpty()).toList();
    }
}
