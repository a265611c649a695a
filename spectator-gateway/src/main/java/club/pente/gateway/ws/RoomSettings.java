package club.pente.gateway.ws;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How game rooms keep events ({@code pente.gateway.*}, application.properties). */
@ConfigMapping(prefix = "pente.gateway")
public interface RoomSettings {
    /** Events kept per game for resuming ({@code ?v=}) and for serving the cached snapshot. */
    @WithDefault("256")
    int resumeBuffer();
}
