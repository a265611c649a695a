package club.pente.matchmaking.application;

import club.pente.matchmaking.domain.PairingPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import java.security.SecureRandom;

/** The pairing policy with its window settings from configuration. */
public class PairingConfig {

    @Produces
    @ApplicationScoped
    PairingPolicy policy(MatchmakingSettings settings) {
        MatchmakingSettings.Pairing pairing = settings.pairing();
        return new PairingPolicy(pairing.initialWindow(), pairing.widenBy(), pairing.widenEvery(), pairing.maxWindow(), new SecureRandom());
    }
}
