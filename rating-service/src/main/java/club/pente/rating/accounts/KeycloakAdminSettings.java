package club.pente.rating.accounts;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code pente.keycloak-admin.*}: where Keycloak's Admin REST API is and how long to wait for it. The services client's
 * own credentials (those of the OIDC tenant) get its client-credentials token.
 */
@ConfigMapping(prefix = "pente.keycloak-admin")
public interface KeycloakAdminSettings {
    Pattern REALM_URL = Pattern.compile("^(https?://.+)/realms/([^/?#]+)/?$");

    /** {@code .../admin/realms/<realm>}; empty: derived from {@link #realmUrl()}. */
    Optional<String> url();

    /** The realm's OIDC URL ({@code .../realms/<realm>}); its token endpoint issues the client-credentials token. */
    @WithDefault("${quarkus.oidc.auth-server-url}")
    String realmUrl();

    @WithDefault("${quarkus.oidc.client-id}")
    String clientId();

    @WithDefault("${quarkus.oidc.credentials.secret}")
    String clientSecret();

    @WithDefault("2s")
    Duration connectTimeout();

    @WithDefault("3s")
    Duration readTimeout();

    /** The Admin REST API of the realm: the configured URL, else the realm URL with {@code /admin} before {@code /realms}. */
    default String adminUrl() {
        return url().filter(value -> !value.isBlank()).map(KeycloakAdminSettings::trimmed).orElseGet(() -> adminUrlOf(realmUrl()));
    }

    static String adminUrlOf(String realmUrl) {
        Matcher matcher = REALM_URL.matcher(realmUrl.trim());
        if (!matcher.matches()) {
            throw new IllegalStateException("cannot derive Keycloak's admin URL from '" + realmUrl
                    + "' (expected .../realms/<realm>); set pente.keycloak-admin.url (PENTE_KEYCLOAK_ADMIN_URL)");
        }
        return matcher.group(1) + "/admin/realms/" + matcher.group(2);
    }

    private static String trimmed(String url) {
        String value = url.trim();
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }
}
