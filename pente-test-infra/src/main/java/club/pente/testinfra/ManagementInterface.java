package club.pente.testinfra;

import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Health, metrics and OpenAPI are served on a service's management interface, not on its public port.
 * In a {@code @QuarkusTest}: {@code given().port(ManagementInterface.testPort()).get("/q/metrics")}.
 * A packaged service started by {@link ServiceProcess} has {@link ServiceProcess#managementUrl()}.
 */
public final class ManagementInterface {
    private ManagementInterface() {
    }

    /** {@code quarkus.management.test-port} of the application under test (one per service, see its application.properties). */
    public static int testPort() {
        return ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
    }
}
