package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DockerEngineTest {

    private static final Path HOME = Path.of("/home/dev");
    private static final Duration DEADLINE = Duration.ofSeconds(5);

    private final AtomicInteger asked = new AtomicInteger();

    private BooleanSupplier testcontainersSays(boolean answer) {
        return () -> {
            asked.incrementAndGet();
            return answer;
        };
    }

    @Test
    void withoutDockerHostOrSocketTestcontainersIsNotEvenAsked() {
        assertThat(DockerEngine.answers(Map.of(), HOME, p -> false, testcontainersSays(true), DEADLINE)).isFalse();
        assertThat(asked).hasValue(0);
    }

    @Test
    void aSocketFileOrDockerHostLetsTestcontainersDecide() {
        Set<Path> present = Set.of(Path.of("/var/run/docker.sock"));
        assertThat(DockerEngine.answers(Map.of(), HOME, present::contains, testcontainersSays(true), DEADLINE)).isTrue();
        assertThat(DockerEngine.answers(Map.of(), HOME, present::contains, testcontainersSays(false), DEADLINE)).isFalse();
        assertThat(DockerEngine.answers(Map.of("DOCKER_HOST", "tcp://10.0.0.5:2375"), HOME, p -> false,
                testcontainersSays(true), DEADLINE)).isTrue();
        assertThat(asked).hasValue(3);
    }

    @Test
    void rootlessAndDesktopSocketsCount() {
        for (Path socket : new Path[] {Path.of("/run/user/1000/docker.sock"), HOME.resolve(".docker/run/docker.sock"),
                HOME.resolve(".colima/default/docker.sock")}) {
            assertThat(DockerEngine.mayBeThere(Map.of("XDG_RUNTIME_DIR", "/run/user/1000"), HOME, socket::equals))
                    .as(socket.toString()).isTrue();
        }
        assertThat(DockerEngine.mayBeThere(Map.of("XDG_RUNTIME_DIR", "/run/user/1000"), HOME,
                Path.of("/run/user/1000/podman/podman.sock")::equals)).isFalse();
    }

    @Test
    void aTestcontainersFileCountsOnlyWhenItNamesADockerHost(@TempDir Path home) throws Exception {
        Path file = home.resolve(".testcontainers.properties");
        Files.writeString(file, "docker.client.strategy=org.testcontainers.dockerclient.UnixSocketClientProviderStrategy\n");
        assertThat(DockerEngine.mayBeThere(Map.of(), home, Files::exists)).isFalse();

        Files.writeString(file, "docker.host=tcp://192.168.5.2:2375\n");
        assertThat(DockerEngine.mayBeThere(Map.of(), home, Files::exists)).isTrue();
    }

    @Test
    void anEngineThatDoesNotAnswerInTimeCountsAsNone() {
        CountDownLatch never = new CountDownLatch(1);
        BooleanSupplier hangs = () -> {
            try {
                return never.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                return true;
            }
        };
        long start = System.nanoTime();
        assertThat(DockerEngine.answers(Map.of("DOCKER_HOST", "tcp://10.255.255.1:2375"), HOME, p -> false,
                hangs, Duration.ofMillis(300))).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aFailingProbeCountsAsNoEngine() {
        assertThat(DockerEngine.answers(Map.of("DOCKER_HOST", "unix:///nowhere.sock"), HOME, p -> false,
                () -> {
                    throw new IllegalStateException("Could not find a valid Docker environment");
                }, DEADLINE)).isFalse();
    }
}
