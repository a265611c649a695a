package club.pente.stack;

import java.time.Duration;
import java.util.List;

/**
 * One part of the local stack: Kafka, PostgreSQL, Keycloak now; the Quarkus services later.
 * {@link Stack} starts components in list order, one after another, and stops them in reverse.
 */
public interface Component {

    String name();

    /** Ports this part binds; any of them held by a stranger stops {@code up} with a clear message. */
    List<Port> ports();

    /** Shown by up and status, e.g. {@code 127.0.0.1:9092}. */
    String endpoint();

    /** False for a part that runs elsewhere (an external PostgreSQL): only probed, never started or stopped. */
    default boolean managed() {
        return true;
    }

    /** Idempotent one-time work before the first start: unpack, format, initdb. */
    void prepare() throws Exception;

    Launch launch();

    /** One quick, real probe: does the part answer requests. */
    boolean isReady();

    Duration startTimeout();

    /**
     * Parts of one group are spawned together and only then awaited (the Kafka cluster's nodes: none is ready
     * before a quorum runs); by default each part is its own group.
     */
    default String startGroup() {
        return name();
    }

    /** Extra lines for {@code status} (the load balancer's servers and their health); none by default. */
    default List<String> details() {
        return List.of();
    }
}
