package club.pente.game.rest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** What the staff's status endpoint says of this instance ({@code pente.admin.*}; see application.properties). */
@ConfigMapping(prefix = "pente.admin")
public interface StaffSettings {
    /** This instance's name on the operations page. */
    String instance();

    /** The service's version (the build's). */
    @WithDefault("unknown")
    String version();
}
