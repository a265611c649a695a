package club.pente.core.identity;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GuestClaimsTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void claimsNameAGuestWithOnlyTheGuestRole() {
        String id = GuestClaims.newGuestId();
        Map<String, Object> claims = GuestClaims.claims(id, "Visitor 42", NOW, Duration.ofHours(1));
        assertThat(claims).containsEntry("iss", "pente-guest").containsEntry("aud", "pente-club").containsEntry("sub", id)
                .containsEntry("preferred_username", "Visitor 42").containsEntry("iat", NOW.getEpochSecond())
                .containsEntry("exp", NOW.getEpochSecond() + 3600).containsEntry("realm_access", Map.of("roles", List.of("guest")));
        assertThat(GuestClaims.violation(id, List.of("guest"), false)).isNull();
    }

    @Test
    void refusesAccountSubjectsAndExtraRoles() {
        assertThatThrownBy(() -> GuestClaims.claims("6ae23522-e54f-4f5b-aaa2-53fd32a0fc43", "x", NOW, Duration.ofMinutes(5)))
                .hasMessageContaining("guest:<id>");
        assertThat(GuestClaims.violation("6ae23522-e54f-4f5b-aaa2-53fd32a0fc43", List.of("guest"), false)).contains("guest:<id>");
        assertThat(GuestClaims.violation("guest:", List.of("guest"), false)).contains("guest:<id>");
        assertThat(GuestClaims.violation("guest:a\u0000b", List.of("guest"), false)).contains("guest:<id>");
        assertThat(GuestClaims.violation(null, List.of("guest"), false)).contains("guest:<id>");
        assertThat(GuestClaims.violation("guest:1", List.of("guest", "player"), false)).contains("exactly");
        assertThat(GuestClaims.violation("guest:1", List.of("admin"), false)).contains("exactly");
        assertThat(GuestClaims.violation("guest:1", List.of(), false)).contains("exactly");
        assertThat(GuestClaims.violation("guest:1", null, false)).contains("exactly");
        assertThat(GuestClaims.violation("guest:1", List.of("guest"), true)).contains("outside realm_access");
    }
}
