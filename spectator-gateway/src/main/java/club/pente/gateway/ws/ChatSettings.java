package club.pente.gateway.ws;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The chat's rate limit at the gateway ({@code pente.chat.*}, application.properties): per person per game. */
@ConfigMapping(prefix = "pente.chat")
public interface ChatSettings {
    /** Messages a person may post in one game at once ({@code PENTE_CHAT_BURST}). */
    @WithDefault("5")
    int burst();

    /** Seconds over which that burst refills ({@code PENTE_CHAT_WINDOW_SECONDS}): 5 per 10 s by default. */
    @WithDefault("10")
    int windowSeconds();
}
