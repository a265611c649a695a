package club.pente.core.identity;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GuestTokensTest {
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private static KeyPair devKeys() throws Exception {
        Path keys = Path.of("../deploy/keys");
        return new KeyPair(GuestTokens.publicKey(Files.readString(keys.resolve("guest-dev-public.pem"))),
                GuestTokens.privateKey(Files.readString(keys.resolve("guest-dev-private.pem"))));
    }

    @Test
    void aGuestTokenVerifiesWithThePublicKey() throws Exception {
        KeyPair keys = devKeys();
        String token = GuestTokens.issue(keys.getPrivate(), "Visitor 42", Duration.ofHours(12), NOW);
        GuestTokens.Guest guest = GuestTokens.verify(keys.getPublic(), token, NOW.plusSeconds(60));
        assertThat(guest.id()).startsWith("guest:");
        assertThat(guest.name()).isEqualTo("Visitor 42");
        assertThat(guest.expiresAt()).isEqualTo(NOW.plus(Duration.ofHours(12)));
    }

    @Test
    void forgedExpiredAndForeignTokensAreRefused() throws Exception {
        KeyPair keys = devKeys();
        String token = GuestTokens.issue(keys.getPrivate(), "v", Duration.ofMinutes(5), NOW);
        String[] parts = token.split("\\.");
        String claimsOfAnother = GuestTokens.issue(keys.getPrivate(), "guest:someone-else", "x", Duration.ofMinutes(5), NOW).split("\\.")[1];
        assertThatThrownBy(() -> GuestTokens.verify(keys.getPublic(), parts[0] + "." + claimsOfAnother + "." + parts[2], NOW))
                .hasMessageContaining("bad signature");
        assertThatThrownBy(() -> GuestTokens.verify(keys.getPublic(), token, NOW.plusSeconds(301))).hasMessageContaining("expired");
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        String foreign = GuestTokens.issue(generator.generateKeyPair().getPrivate(), "v", Duration.ofMinutes(5), NOW);
        assertThatThrownBy(() -> GuestTokens.verify(keys.getPublic(), foreign, NOW)).hasMessageContaining("bad signature");
        assertThatThrownBy(() -> GuestTokens.verify(keys.getPublic(), "abc", NOW)).hasMessageContaining("not a JWT");
        assertThatThrownBy(() -> GuestTokens.issue(keys.getPrivate(), "alice", "x", Duration.ofMinutes(5), NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
