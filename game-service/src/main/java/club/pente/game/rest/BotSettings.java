package club.pente.game.rest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The bot API's settings ({@code pente.bot.*}). */
@ConfigMapping(prefix = "pente.bot")
public interface BotSettings {
    /** How long a command's outcome is awaited before the answer is 504 NO_OUTCOME (the command may still apply). */
    @WithDefault("10s")
    Duration outcomeTimeout();
}
