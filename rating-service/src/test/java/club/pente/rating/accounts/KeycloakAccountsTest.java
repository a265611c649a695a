package club.pente.rating.accounts;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The admin URL derived from the OIDC URL, and what of Keycloak's answer is believed (no stack). */
class KeycloakAccountsTest {
    @Test
    void theAdminUrlIsDerivedFromTheRealmUrl() {
        assertThat(KeycloakAdminSettings.adminUrlOf("http://127.0.0.1:8180/realms/pente"))
                .isEqualTo("http://127.0.0.1:8180/admin/realms/pente");
        assertThat(KeycloakAdminSettings.adminUrlOf("https://id.example.org/auth/realms/club/"))
                .isEqualTo("https://id.example.org/auth/admin/realms/club");
        assertThatThrownBy(() -> KeycloakAdminSettings.adminUrlOf("http://127.0.0.1:8180/"))
                .hasMessageContaining("PENTE_KEYCLOAK_ADMIN_URL");
    }

    @Test
    void malformedUsersAreLeftOutAndTheLimitHolds() {
        List<KeycloakApi.User> answer = Arrays.asList(
                new KeycloakApi.User("id-1", "alice", true, 1_796_165_326_795L),
                new KeycloakApi.User("id 2", "space in id", true, null),
                new KeycloakApi.User("id-3", "bad\u0000name", true, null),
                null,
                new KeycloakApi.User("id-4", "alina", null, null),
                new KeycloakApi.User("id-5", "alix", false, null));

        List<KeycloakAccounts.Account> accounts = KeycloakAccounts.accounts(answer, 2);

        assertThat(accounts).containsExactly(
                new KeycloakAccounts.Account("id-1", "alice", true, Instant.ofEpochMilli(1_796_165_326_795L)),
                new KeycloakAccounts.Account("id-4", "alina", false, null));
        assertThat(KeycloakAccounts.accounts(null, 5)).isEmpty();
    }
}
