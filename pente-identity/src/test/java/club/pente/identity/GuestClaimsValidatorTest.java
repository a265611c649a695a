package club.pente.identity;

import club.pente.core.identity.GuestClaims;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class GuestClaimsValidatorTest {
    private static JwtClaims guest(String subject) {
        JwtClaims claims = new JwtClaims();
        GuestClaims.claims(GuestClaims.newGuestId(), "Visitor", Instant.now(), Duration.ofHours(1)).forEach(claims::setClaim);
        claims.setClaim("sub", subject);
        return claims;
    }

    @Test
    void acceptsAGuestWithOnlyTheGuestRole() throws Exception {
        assertThat(GuestClaimsValidator.violation(guest("guest:" + java.util.UUID.randomUUID()))).isNull();
    }

    @Test
    void refusesAnAccountSubjectOrAnyOtherRole() throws Exception {
        assertThat(GuestClaimsValidator.violation(guest("6ae23522-e54f-4f5b-aaa2-53fd32a0fc43"))).isNotNull();
        JwtClaims admin = guest("guest:1");
        admin.setClaim("realm_access", Map.of("roles", List.of("guest", "admin")));
        assertThat(GuestClaimsValidator.violation(admin)).isNotNull();
        JwtClaims groups = guest("guest:1");
        groups.setClaim("groups", List.of("admin"));
        assertThat(GuestClaimsValidator.violation(groups)).isNotNull();
        JwtClaims client = guest("guest:1");
        client.setClaim("resource_access", Map.of("pente-services", Map.of("roles", List.of("service"))));
        assertThat(GuestClaimsValidator.violation(client)).isNotNull();
        JwtClaims numericSubject = guest("guest:1");
        numericSubject.setClaim("sub", 42);
        assertThat(GuestClaimsValidator.violation(numericSubject)).isNotNull();
    }

    @Test
    void routesOnlyGuestIssuedTokensToTheGuestTenant() {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String guest = "e30." + b64.encodeToString("{\"iss\":\"pente-guest\"}".getBytes()) + ".sig";
        String keycloak = "e30." + b64.encodeToString("{\"iss\":\"http://127.0.0.1:8180/realms/pente\"}".getBytes()) + ".sig";
        assertThat(GuestTenantResolver.isGuestIssued(guest)).isTrue();
        assertThat(GuestTenantResolver.isGuestIssued(keycloak)).isFalse();
        assertThat(GuestTenantResolver.isGuestIssued("not a jwt")).isFalse();
        assertThat(GuestTenantResolver.bearer("Bearer " + guest)).isEqualTo(guest);
        assertThat(GuestTenantResolver.bearer("Basic abc")).isNull();
    }
}
