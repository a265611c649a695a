package club.pente.game.messaging;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** How this instance follows {@code pente.admin.sanctions} ({@code pente.sanctions.*}; see application.properties). */
@ConfigMapping(prefix = "pente.sanctions")
public interface SanctionsSettings {
    /** How long one poll of the sanctions topic waits; a new record is seen within about this long. */
    @WithDefault("200ms")
    Duration poll();

    /** The pause before the feed reopens its consumer after a failure. */
    @WithDefault("1s")
    Duration reopenAfter();

    /** Live games of one suspended player the forfeit consumer forfeits at most per record. */
    @WithDefault("1000")
    int maxForfeits();

    /**
     * How long the command streams wait at start for the feed to read what the topic held (then they start anyway,
     * logged as an error), and how long the forfeit consumer waits for the board to read the record it acts on.
     */
    @WithDefault("60s")
    Duration catchUpTimeout();

    /** Attempts at one record's forfeits (the database, a send) before it is logged and left. */
    @WithDefault("5")
    int forfeitAttempts();

    /** The pause after the first failed attempt; doubled after each. */
    @WithDefault("1s")
    Duration forfeitBackoff();
}
