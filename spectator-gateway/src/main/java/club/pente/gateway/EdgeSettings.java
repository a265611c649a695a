package club.pente.gateway;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's edge: where each service is, which paths it serves, the quotas, the guest signing key
 * and what the browser is told about Keycloak (see application.properties for each one's variable).
 */
@ConfigMapping(prefix = "pente")
public interface EdgeSettings {

    Route route();

    Proxy proxy();

    Quota quota();

    Guest guest();

    Web web();

    interface Route {
        String games();

        String matchmaking();

        String ratings();

        String ai();

        @WithDefault("30s")
        Duration timeout();
    }

    /** The only paths forwarded to each service (anything else is a 404 here). */
    interface Proxy {
        Paths paths();

        /**
         * The largest body each service accepts (its quarkus.http.limits.max-body-size), refused here with a
         * 413: a service refusing a body it is still being sent closes the connection mid-request, which
         * the gateway could only report as the service not answering.
         */
        MaxBody maxBody();

        /**
         * Forwarded staff endpoints only an admin may call, each {@code METHOD /api/admin/...} ({@code {id}} one id
         * segment); every other {@code /api/admin/...} path needs a moderator at least. The owner checks again.
         */
        @WithDefault("POST /api/admin/games/{id}/annul")
        List<String> adminOnly();

        interface MaxBody {
            @WithDefault("16K")
            MemorySize games();

            @WithDefault("16K")
            MemorySize matchmaking();

            @WithDefault("16K")
            MemorySize ratings();

            @WithDefault("64K")
            MemorySize ai();
        }

        interface Paths {
            List<String> games();

            List<String> matchmaking();

            List<String> ratings();

            List<String> ai();
        }
    }

    interface Quota {
        Sockets sockets();

        Api api();

        interface Sockets {
            int perAddress();

            int perIdentity();
        }

        interface Api {
            Rate perAddress();

            Rate perIdentity();
        }

        interface Rate {
            int burst();

            double perSecond();
        }
    }

    interface Guest {
        /** PKCS#8 PEM, or a file holding it; one of the two is required. */
        Optional<String> privateKey();

        Optional<String> privateKeyFile();

        Issue issue();

        interface Issue {
            int perMinute();
        }
    }

    interface Web {
        String keycloakUrl();

        /** The public client the browser signs in with ({@code GET /api/config}). */
        String clientId();
    }
}
