package club.pente.matchmaking.tournament;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Every few seconds on every instance: start the tournaments that are due and pair the rounds that are complete.
 * All state is in PostgreSQL and each tournament is taken with {@code for update skip locked}, so instances share the
 * work and a restarted one simply carries on.
 */
@ApplicationScoped
public class TournamentScheduler {
    private static final Logger LOG = Logger.getLogger(TournamentScheduler.class);
    private final Tournaments tournaments;

    public TournamentScheduler(Tournaments tournaments) {
        this.tournaments = tournaments;
    }

    @Scheduled(every = "${pente.tournament.tick:2s}", delayed = "${pente.tournament.tick:2s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        try {
            tournaments.tick();
        } catch (RuntimeException e) {
            // The next pass tries again from the rows.
            LOG.warnf("tournament pass failed: %s", e.toString());
        }
    }
}
