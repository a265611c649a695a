package club.pente.gateway.ws;

import io.smallrye.config.ConfigMapping;

import java.util.List;

/** The sockets' settings ({@code pente.ws.*}, application.properties). */
@ConfigMapping(prefix = "pente.ws")
public interface SocketSettings {
    /** Origins a browser may open sockets from ({@code PENTE_ALLOWED_ORIGINS}). */
    List<String> allowedOrigins();
}
