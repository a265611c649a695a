package club.pente.identity;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithName;

/**
 * The one input of guest verification, required: Quarkus checks it while it reads the configuration,
 * before any extension starts, so a service started without PENTE_GUEST_PUBLIC_KEY stops with a message
 * naming it ("Could not expand value PENTE_GUEST_PUBLIC_KEY in property pente.guest.public-key") instead
 * of the OIDC extension's misleading "auth-server-url must be configured" for the guest tenant.
 */
@ConfigMapping(prefix = "pente.identity")
public interface GuestKeyConfig {
    /**
     * The guest public key, PEM or its base64 body: {@code pente.guest.public-key} (PENTE_GUEST_PUBLIC_KEY), as
     * quarkus.oidc.guest.public-key also reads it. Its own prefix, so that services keep other pente.guest.* keys.
     */
    @WithName("guest-public-key")
    String publicKey();
}
