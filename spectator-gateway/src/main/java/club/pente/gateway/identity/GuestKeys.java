package club.pente.gateway.identity;

import club.pente.core.identity.GuestTokens;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Optional;

/**
 * The guest signing key pair: PEM text from {@code PENTE_GUEST_PRIVATE_KEY}/{@code PENTE_GUEST_PUBLIC_KEY},
 * or files (by default the development pair in {@code deploy/keys}).
 */
@ApplicationScoped
public class GuestKeys {
    private final PrivateKey privateKey;
    private final PublicKey publicKey;

    public GuestKeys(@ConfigProperty(name = "pente.guest.private-key") Optional<String> privatePem,
                     @ConfigProperty(name = "pente.guest.public-key") Optional<String> publicPem,
                     @ConfigProperty(name = "pente.guest.private-key-file") String privateFile,
                     @ConfigProperty(name = "pente.guest.public-key-file") String publicFile) {
        this.privateKey = GuestTokens.privateKey(privatePem.orElseGet(() -> read(privateFile)));
        this.publicKey = GuestTokens.publicKey(publicPem.orElseGet(() -> read(publicFile)));
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read guest key " + Path.of(file).toAbsolutePath(), e);
        }
    }

    public PrivateKey privateKey() {
        return privateKey;
    }

    public PublicKey publicKey() {
        return publicKey;
    }
}
