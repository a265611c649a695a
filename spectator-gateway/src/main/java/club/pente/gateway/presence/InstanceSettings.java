package club.pente.gateway.presence;

import io.smallrye.config.ConfigMapping;

/** This gateway instance ({@code pente.gateway.*}, application.properties). */
@ConfigMapping(prefix = "pente.gateway")
public interface InstanceSettings {
    /** How this instance signs its presence reports ({@code PENTE_GATEWAY_ID}, by default unique per start). */
    String id();
}
