package club.pente.stack;

import java.time.Duration;
import java.util.List;

/**
 * A service of ours (game 8081, matchmaking 8082, rating 8083, ai 8084, gateway 8080): a command, its public
 * port, its management port (9081, 9082, 9083, 9084, 9080: health, metrics, OpenAPI, never exposed), and
 * what to check or create before the first start (its jar, its database and role).
 * {@link QuarkusServices} lists them; {@link Components#all} starts them after the infrastructure.
 */
public record HttpServiceComponent(String name, Port port, Port managementPort, Launch launch, String url, String managementUrl,
                                   Duration startTimeout, Preparation preparation) implements Component {

    /** Idempotent work before a start. */
    @FunctionalInterface
    public interface Preparation {
        void run() throws Exception;
    }

    @Override
    public List<Port> ports() {
        return List.of(port, managementPort);
    }

    @Override
    public String endpoint() {
        return url + " (management " + managementUrl + ")";
    }

    @Override
    public void prepare() throws Exception {
        preparation.run();
    }

    /** The instances of one service (game-1, game-2, ...) are spawned together, then awaited: N JVMs start in parallel. */
    @Override
    public String startGroup() {
        return Components.groupOf(this);
    }

    /** Readiness lives on the management interface only; the public port answers 404 for /q/... */
    @Override
    public boolean isReady() {
        return Probes.httpOk(managementUrl + "/q/health/ready");
    }
}
