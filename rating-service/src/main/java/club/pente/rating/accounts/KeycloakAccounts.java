package club.pente.rating.accounts;

import club.pente.core.contract.Ids;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keycloak accounts by name, from the realm's Admin REST API ({@code GET /users?search=}), with a client-credentials
 * token of the services client, whose service account holds realm-management {@code view-users} and {@code query-users}.
 * The token is kept until shortly before it expires. Every call is bounded by the configured timeouts; a failure
 * of any kind is the caller's to answer without Keycloak.
 */
@ApplicationScoped
public class KeycloakAccounts {
    private static final Logger LOG = Logger.getLogger(KeycloakAccounts.class);
    /** A token this close to its expiry is renewed first. */
    private static final Duration RENEW_BEFORE = Duration.ofSeconds(30);

    /** An account as the search shows it; {@code createdAt} null when Keycloak does not say. */
    public record Account(String id, String username, boolean enabled, Instant createdAt) {
    }

    private record HeldToken(String value, Instant renewAt) {
    }

    private final KeycloakAdminSettings settings;
    private final KeycloakApi.TokenEndpoint tokens;
    private final KeycloakApi.Users users;
    private final Duration deadline;
    private final AtomicReference<HeldToken> token = new AtomicReference<>();

    public KeycloakAccounts(KeycloakAdminSettings settings) {
        this.settings = settings;
        this.tokens = client(settings.realmUrl(), settings, KeycloakApi.TokenEndpoint.class);
        this.users = client(settings.adminUrl(), settings, KeycloakApi.Users.class);
        // The token and the search, each within connect + read timeout.
        this.deadline = settings.connectTimeout().plus(settings.readTimeout()).multipliedBy(2);
    }

    private static <T> T client(String url, KeycloakAdminSettings settings, Class<T> api) {
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url))
                .connectTimeout(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .build(api);
    }

    /** Accounts whose username, name or e-mail contains {@code text}, at most {@code max}, as Keycloak orders them. */
    public Uni<List<Account>> search(String text, int max) {
        return bearer()
                .chain(bearer -> users.search("Bearer " + bearer, text, max, true))
                .ifNoItem().after(deadline).fail()
                .onFailure().invoke(failure -> {
                    // A refused token may have been revoked: get a new one next time.
                    token.set(null);
                    LOG.warnf("Keycloak user search failed: %s", failure.toString());
                })
                .map(found -> accounts(found, max));
    }

    /** Only well-formed users: an id and a name within the platform's rules. */
    static List<Account> accounts(List<KeycloakApi.User> found, int max) {
        List<Account> accounts = new ArrayList<>();
        if (found == null) {
            return accounts;
        }
        for (KeycloakApi.User user : found) {
            if (user == null || !Ids.isPlayerId(user.id()) || !Ids.isText(user.username(), Ids.MAX_NAME) || accounts.size() >= max) {
                continue;
            }
            Instant created = user.createdTimestamp() == null ? null : Instant.ofEpochMilli(user.createdTimestamp());
            accounts.add(new Account(user.id(), user.username(), Boolean.TRUE.equals(user.enabled()), created));
        }
        return accounts;
    }

    private Uni<String> bearer() {
        HeldToken held = token.get();
        if (held != null && Instant.now().isBefore(held.renewAt())) {
            return Uni.createFrom().item(held.value());
        }
        return tokens.clientCredentials("client_credentials", settings.clientId(), settings.clientSecret()).map(answer -> {
            if (answer == null || answer.accessToken() == null || answer.accessToken().isEmpty()) {
                throw new IllegalStateException("Keycloak's token endpoint answered without an access token");
            }
            Instant renewAt = Instant.now().plusSeconds(Math.max(0, answer.expiresIn())).minus(RENEW_BEFORE);
            token.set(new HeldToken(answer.accessToken(), renewAt));
            return answer.accessToken();
        });
    }
}
