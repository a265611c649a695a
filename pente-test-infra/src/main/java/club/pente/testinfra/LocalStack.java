package club.pente.testinfra;

import club.pente.stack.Component;
import club.pente.stack.Components;
import club.pente.stack.Stack;
import club.pente.stack.StackConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The local processes: parts that already answer (a developer's {@code ./pente up}, or CI's) are reused;
 * missing ones are started once, through the same launcher as {@code deploy/stack up}, and stopped when the
 * JVM exits. Parts this JVM did not start are never stopped.
 */
final class LocalStack implements StackProvider {

    private final StackConfig config;
    private final Stack stack;
    private final List<Component> all;
    private final List<Component> startedHere = new ArrayList<>();

    LocalStack(StackConfig config) {
        this.config = config;
        this.stack = new Stack(config, System.out);
        this.all = Components.all(config);
        // Stopping per test class would make every class pay Keycloak's start; the JVM's end is the end of the run.
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopWhatWeStarted, "pente-test-stack-down"));
    }

    @Override
    public StackConfig config() {
        return config;
    }

    @Override
    public synchronized StackConfig ensure(List<String> names) {
        for (Component c : Components.select(all, names)) {
            if (startedHere.contains(c) || c.isReady()) {
                continue;
            }
            System.out.println("[pente-test-infra] " + c.name() + " does not answer; starting it for this test run");
            if (stack.up(List.of(c)).get(0) == Stack.Outcome.STARTED) {
                startedHere.add(c);
            }
        }
        return config;
    }

    private synchronized void stopWhatWeStarted() {
        if (!startedHere.isEmpty()) {
            System.out.println("[pente-test-infra] stopping what this test run started: "
                    + startedHere.stream().map(Component::name).toList());
            stack.down(startedHere);
            startedHere.clear();
        }
    }
}
