package club.pente.gateway.identity;

import io.smallrye.jwt.util.KeyUtils;
import jakarta.enterprise.context.ApplicationScoped;
import club.pente.gateway.EdgeSettings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.util.Optional;

/**
 * The guest signing key: PEM text from {@code PENTE_GUEST_PRIVATE_KEY} or a PEM file from
 * {@code PENTE_GUEST_PRIVATE_KEY_FILE}. There is no default: a gateway started without one refuses to
 * start, so that no deployment ever signs with the development key committed in deploy/keys (only
 * {@code ./pente up} and the tests pass that one). Verification needs no key here: the guest OIDC tenant
 * of pente-identity verifies with PENTE_GUEST_PUBLIC_KEY like every service.
 */
@ApplicationScoped
public class GuestKeys {
    static final String MISSING = "No guest signing key: set PENTE_GUEST_PRIVATE_KEY (PKCS#8 PEM) or PENTE_GUEST_PRIVATE_KEY_FILE"
            + " (see deploy/keys/README.md; the committed development pair is for ./pente up and tests only)";
    private final PrivateKey privateKey;

    public GuestKeys(EdgeSettings settings) {
        this.privateKey = load(settings.guest().privateKey(), settings.guest().privateKeyFile());
    }

    static PrivateKey load(Optional<String> pem, Optional<String> file) {
        String text = pem.filter(s -> !s.isBlank()).orElseGet(() -> file.filter(f -> !f.isBlank()).map(GuestKeys::read)
                .orElseThrow(() -> new IllegalStateException(MISSING)));
        try {
            return KeyUtils.decodePrivateKey(text);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("The guest signing key is not a PKCS#8 RSA private key in PEM: " + e.getMessage(), e);
        }
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the guest signing key " + Path.of(file).toAbsolutePath() + ": " + e, e);
        }
    }

    public PrivateKey privateKey() {
        return privateKey;
    }
}
