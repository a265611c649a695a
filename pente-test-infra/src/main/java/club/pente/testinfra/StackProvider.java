package club.pente.testinfra;

import club.pente.stack.StackConfig;
import java.util.List;

/** Where a test JVM's Kafka, PostgreSQL and Keycloak come from; both kinds hand the same {@link StackConfig}. */
interface StackProvider {

    /** How to reach the parts this JVM uses (those not yet ensured may not answer). */
    StackConfig config();

    /** Makes sure the named parts answer; returns the configuration to reach them. */
    StackConfig ensure(List<String> names);
}
