package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The production realm as it ships inside the deploy jar (deploy/keycloak/pente-realm-production.json): the
 * security settings a deployment relies on, and the same roles, clients and audience as the demo realm, so
 * the services accept its tokens unchanged. (Not imported here: the shared Keycloak keeps the demo realm.)
 */
class ProductionRealmTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    private static JsonNode realm(String file) throws Exception {
        try (InputStream in = ProductionRealmTest.class.getResourceAsStream("/club/pente/stack/keycloak/" + file)) {
            assertThat(in).as(file + " in the deploy jar").isNotNull();
            return JSON.readTree(in);
        }
    }

    private static JsonNode client(JsonNode realm, String clientId) {
        return StreamSupport.stream(realm.get("clients").spliterator(), false)
                .filter(c -> c.get("clientId").asText().equals(clientId)).findFirst()
                .orElseThrow(() -> new AssertionError("no client " + clientId));
    }

    @Test
    void loginIsProtectedAgainstGuessing() throws Exception {
        JsonNode realm = realm("pente-realm-production.json");
        assertThat(realm.path("bruteForceProtected").asBoolean()).isTrue();
        assertThat(realm.path("failureFactor").asInt(Integer.MAX_VALUE)).isBetween(1, 10);
        assertThat(realm.path("sslRequired").asText()).isIn("all", "external");
        String policy = realm.path("passwordPolicy").asText();
        Matcher length = Pattern.compile("(?<![a-zA-Z])length\\((\\d+)\\)").matcher(policy);
        assertThat(length.find()).as("a minimum length in " + policy).isTrue();
        assertThat(Integer.parseInt(length.group(1))).isGreaterThanOrEqualTo(12);
        assertThat(policy).contains("notUsername").contains("notEmail");
        // Nobody signs up unchecked: registration is off, or needs a verified email.
        assertThat(!realm.path("registrationAllowed").asBoolean() || realm.path("verifyEmail").asBoolean()).isTrue();
    }

    @Test
    void theBrowserClientHasOnlyTheCodeFlowWithPkce() throws Exception {
        JsonNode web = client(realm("pente-realm-production.json"), "pente-web");
        assertThat(web.path("publicClient").asBoolean()).isTrue();
        assertThat(web.path("standardFlowEnabled").asBoolean()).isTrue();
        assertThat(web.path("directAccessGrantsEnabled").asBoolean(true)).as("password grant").isFalse();
        assertThat(web.path("implicitFlowEnabled").asBoolean(true)).isFalse();
        assertThat(web.path("serviceAccountsEnabled").asBoolean(true)).isFalse();
        assertThat(web.path("attributes").path("pkce.code.challenge.method").asText()).isEqualTo("S256");
        List<String> urls = new ArrayList<>();
        web.path("redirectUris").forEach(u -> urls.add(u.asText()));
        web.path("webOrigins").forEach(u -> urls.add(u.asText()));
        urls.add(web.path("attributes").path("post.logout.redirect.uris").asText());
        assertThat(urls).hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(u -> assertThat(u).startsWith("${PENTE_PUBLIC_URL}").doesNotContain("localhost", "127.0.0.1"));
    }

    @Test
    void noDemoUsersNoTestClientsAndTheSecretComesFromTheEnvironment() throws Exception {
        JsonNode realm = realm("pente-realm-production.json");
        List<String> clients = new ArrayList<>();
        realm.get("clients").forEach(c -> clients.add(c.get("clientId").asText()));
        assertThat(clients).containsExactlyInAnyOrder("pente-web", "pente-services");
        realm.path("users").forEach(user -> {
            assertThat(user.path("serviceAccountClientId").asText()).as("user " + user.path("username")).isNotEmpty();
            assertThat(user.has("credentials")).isFalse();
        });
        assertThat(client(realm, "pente-services").path("secret").asText()).isEqualTo("${PENTE_SERVICES_SECRET}");
        // Every placeholder must be set at import: none carries a default to fall back to.
        Matcher placeholders = PLACEHOLDER.matcher(JSON.writeValueAsString(realm));
        List<String> names = new ArrayList<>();
        while (placeholders.find()) {
            names.add(placeholders.group(1));
        }
        assertThat(names).isNotEmpty().allSatisfy(n -> assertThat(n).matches("PENTE_[A-Z_]+"));
    }

    @Test
    void rolesAndAudienceAreThoseTheServicesCheck() throws Exception {
        JsonNode production = realm("pente-realm-production.json");
        JsonNode demo = realm("pente-realm.json");
        assertThat(production.path("realm").asText()).isEqualTo(demo.path("realm").asText());
        assertThat(roles(production)).containsAll(List.of("player", "admin", "service"));
        assertThat(roles(production)).containsAll(roles(demo).stream().filter(r -> !r.equals("default-roles-pente")).toList());
        for (String clientId : List.of("pente-web", "pente-services")) {
            JsonNode audience = StreamSupport.stream(client(production, clientId).path("protocolMappers").spliterator(), false)
                    .filter(m -> m.path("protocolMapper").asText().equals("oidc-audience-mapper")).findFirst()
                    .orElseThrow(() -> new AssertionError(clientId + " has no audience mapper"));
            assertThat(audience.path("config").path("included.client.audience").asText()).isEqualTo("pente-services");
            assertThat(audience.path("config").path("access.token.claim").asText()).isEqualTo("true");
        }
        JsonNode serviceAccount = StreamSupport.stream(production.path("users").spliterator(), false)
                .filter(u -> u.path("serviceAccountClientId").asText().equals("pente-services")).findFirst().orElseThrow();
        assertThat(serviceAccount.path("realmRoles").toString()).contains("\"service\"");
    }

    private static List<String> roles(JsonNode realm) {
        List<String> names = new ArrayList<>();
        realm.path("roles").path("realm").forEach(r -> names.add(r.get("name").asText()));
        return names;
    }
}
