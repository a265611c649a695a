package club.pente.gateway.identity;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The signing key has no default: without one the gateway refuses to start, and says what to set. */
class GuestKeysTest {
    @Test
    void withoutAKeyTheGatewayRefusesToStartAndSaysWhatToSet() {
        assertThatThrownBy(() -> GuestKeys.load(Optional.empty(), Optional.empty()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("PENTE_GUEST_PRIVATE_KEY").hasMessageContaining("PENTE_GUEST_PRIVATE_KEY_FILE");
        assertThatThrownBy(() -> GuestKeys.load(Optional.of(" "), Optional.of("")))
                .hasMessageContaining("No guest signing key");
        assertThatThrownBy(() -> GuestKeys.load(Optional.of("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----"), Optional.empty()))
                .hasMessageContaining("not a PKCS#8 RSA private key");
        assertThatThrownBy(() -> GuestKeys.load(Optional.empty(), Optional.of("/nonexistent/guest.pem")))
                .hasMessageContaining("Cannot read the guest signing key");
    }

    @Test
    void aConfiguredKeyIsLoadedFromTextOrFile() throws Exception {
        String file = "../deploy/keys/guest-dev-private.pem";
        java.security.PrivateKey fromFile = GuestKeys.load(Optional.empty(), Optional.of(file));
        assertThat(fromFile.getAlgorithm()).isEqualTo("RSA");
        assertThat(GuestKeys.load(Optional.of(java.nio.file.Files.readString(java.nio.file.Path.of(file))), Optional.of("/ignored")))
                .as("the PEM text wins over a file").isEqualTo(fromFile);
    }
}
