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
}
