package club.pente.matchmaking.application;

import club.pente.matchmaking.domain.PairingPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.security.SecureRandom;
import java.time.Duration;

/** The pairing policy with its window settings from configuration. */
public class PairingConfig {

    @Produces
    @ApplicationScoped
    PairingPolicy policy(@ConfigProperty(name = "pente.pairing.initial-window", defaultValue = "100") int initialWindow,
                         @ConfigProperty(name = "pente.pairing.widen-by", defaultValue = "50") int widenBy,
                         @ConfigProperty(name = "pente.pairing.widen-every", defaultValue = "5s") Duration widenEvery,
                         @ConfigProperty(name = "pente.pairing.max-window", defaultValue = "1000") int maxWindow) {
        return new PairingPolicy(initialWindow, widenBy, widenEvery, maxWindow, new SecureRandom());
    }
}
