package club.pente.game.application;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;

/** The one clock the authority reads; tests of the pipeline pass their own. */
public class ServiceClock {

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
