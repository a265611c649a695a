package club.pente.testinfra;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import java.util.List;

/**
 * The stack as one test JVM sees it, on the path {@link StackChoice} picks once per JVM: the local processes
 * of {@code deploy/stack} ({@link LocalStack}, the default without a Docker engine) or containers
 * ({@link ContainerStack}). Either way the test resources get the same {@link StackConfig}, so a service's test
 * does not know which path ran.
 */
public final class TestStack {

    private static TestStack instance;

    private final StackProvider provider;

    private TestStack(StackProvider provider) {
        this.provider = provider;
    }

    public static synchronized TestStack get() {
        if (instance == null) {
            StackConfig config = StackConfig.fromEnv();
            StackChoice path = StackChoice.configured(System.getProperties(), System.getenv()).resolve(DockerEngine::answers);
            instance = new TestStack(path == StackChoice.CONTAINERS
                    ? new ContainerStack(config, DockerEngine::answers)
                    : new LocalStack(config));
        }
        return instance;
    }

    public StackConfig config() {
        return provider.config();
    }

    /** Makes sure the named parts ({@link Components#KAFKA}, ...) answer; returns the configuration to reach them. */
    public StackConfig ensure(String... names) {
        return provider.ensure(List.of(names));
    }
}
