package club.pente.matchmaking.tournament;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** {@code pente.tournament.*} (application.properties, env overrides). */
@ConfigMapping(prefix = "pente.tournament")
public interface TournamentSettings {
    /** How far ahead startsAt must be at least (tests shorten it). */
    @WithDefault("10s")
    Duration minLead();

    /** How far ahead startsAt may be at most. */
    @WithDefault("30d")
    Duration maxLead();

    /** What a bye or an opponent's no-show is worth. */
    @WithDefault("5")
    int forfeitPoints();

    /** How often the scheduler looks for due tournaments and complete rounds (read by its @Scheduled too). */
    @WithDefault("2s")
    Duration tick();

    /** Tournaments a creator may have open (not started) at once. */
    @WithDefault("5")
    int openPerCreator();

    /** Creations, entries and withdrawals one player (token subject, guests included) may make a minute. */
    @WithDefault("20")
    int requestsPerMinute();
}
