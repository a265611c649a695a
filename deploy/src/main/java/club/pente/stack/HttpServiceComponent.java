package club.pente.stack;

import java.time.Duration;
import java.util.List;

/**
 * A service of ours (game 8081, matchmaking 8082, rating 8083, ai 8084, gateway 8080): a command,
 * one port, a readiness URL and what to check or create before the first start (its jar, its database).
 * {@link QuarkusServices} lists them; {@link Components#all} starts them after the infrastructure.
 */
public record HttpServiceComponent(String name, Port port, Launch launch, String readinessUrl, Duration startTimeout,
                                   Preparation preparation) implements Component {

    /** Idempotent work before a start. */
    @FunctionalInterface
    public interface Preparation {
        void run() throws Exception;
    }

    @Override
    public List<Port> ports() {
        return List.of(port);
    }

    @Override
    public String endpoint() {
        return readinessUrl.replace("/q/health/ready", "");
    }

    @Override
    public void prepare() throws Exception {
        preparation.run();
    }

    @Override
    public boolean isReady() {
        return Probes.httpOk(readinessUrl);
    }
}
