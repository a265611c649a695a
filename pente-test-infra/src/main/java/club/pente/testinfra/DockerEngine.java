package club.pente.testinfra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Whether a Docker engine answers. Testcontainers is asked only when an engine could be there (DOCKER_HOST, a
 * docker.host in ~/.testcontainers.properties, or a known socket file): where there plainly is none it would try
 * every strategy and log each failure. Its answer is awaited for {@link #ASK_DEADLINE} at most.
 */
final class DockerEngine {

    static final Duration ASK_DEADLINE = Duration.ofSeconds(20);

    private DockerEngine() {
    }

    static boolean answers() {
        return answers(System.getenv(), Path.of(System.getProperty("user.home")), Files::exists,
                StackContainers::dockerAvailable, ASK_DEADLINE);
    }

    static boolean answers(Map<String, String> env, Path userHome, Predicate<Path> exists,
                           BooleanSupplier testcontainers, Duration deadline) {
        if (!mayBeThere(env, userHome, exists)) {
            return false;
        }
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        Thread asker = new Thread(() -> {
            try {
                answer.complete(testcontainers.getAsBoolean());
            } catch (Throwable t) {
                answer.completeExceptionally(t);
            }
        }, "pente-docker-probe");
        asker.setDaemon(true);
        asker.start();
        try {
            return answer.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            System.out.println("[pente-test-infra] no answer from the Docker engine within " + deadline.toMillis()
                    + " ms; taking the local stack");
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return false;
        }
    }

    /** True when something says where an engine listens; false means Testcontainers would find none. */
    static boolean mayBeThere(Map<String, String> env, Path userHome, Predicate<Path> exists) {
        if (!isBlank(env.get("DOCKER_HOST")) || configuresDockerHost(userHome.resolve(".testcontainers.properties"), exists)) {
            return true;
        }
        return sockets(env, userHome).stream().anyMatch(exists);
    }

    /** Where Docker, Docker Desktop, rootless Docker, Colima and Rancher Desktop put their socket. */
    static List<Path> sockets(Map<String, String> env, Path userHome) {
        List<Path> sockets = new ArrayList<>(List.of(Path.of("/var/run/docker.sock"),
                userHome.resolve(".docker/run/docker.sock"),
                userHome.resolve(".docker/desktop/docker.sock"),
                userHome.resolve(".colima/default/docker.sock"),
                userHome.resolve(".rd/docker.sock")));
        String runtimeDir = env.get("XDG_RUNTIME_DIR");
        if (!isBlank(runtimeDir)) {
            sockets.add(Path.of(runtimeDir, "docker.sock"));
        }
        return sockets;
    }

    private static boolean configuresDockerHost(Path file, Predicate<Path> exists) {
        if (!exists.test(file)) {
            return false;
        }
        try {
            return Files.readAllLines(file).stream().map(String::trim).anyMatch(l -> l.startsWith("docker.host"));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
