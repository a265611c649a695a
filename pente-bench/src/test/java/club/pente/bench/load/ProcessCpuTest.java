package club.pente.bench.load;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessCpuTest {

    @Test
    void readsTheCpuTimeOfAGivenProcessFromProc() {
        ProcessCpu cpu = ProcessCpu.discover(Map.of("self", ProcessHandle.current().pid()));
        double before = cpu.sample().get("self");
        // Burn 300 ms of CPU as the JVM itself counts it, then /proc must show at least most of it.
        Duration start = ProcessHandle.current().info().totalCpuDuration().orElseThrow();
        long x = 0;
        while (ProcessHandle.current().info().totalCpuDuration().orElseThrow().minus(start).toMillis() < 300) {
            for (int i = 0; i < 100_000; i++) {
                x += i * 31L ^ x;
            }
        }
        double after = cpu.sample().get("self");
        assertThat(x).isNotEqualTo(42);
        assertThat(after - before).isGreaterThanOrEqualTo(0.25);
    }
}
