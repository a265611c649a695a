package club.pente.gateway.ws;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** When a win by abandonment may be claimed ({@code pente.abandonment.*}, application.properties). */
@ConfigMapping(prefix = "pente.abandonment")
public interface AbandonmentSettings {
    /**
     * Seconds the player to move must have had no socket on any gateway before the opponent may claim the
     * win ({@code PENTE_ABANDONMENT_SECONDS}).
     */
    @WithDefault("60")
    int seconds();
}
