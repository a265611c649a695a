package club.pente.testinfra;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A packaged Quarkus service ({@code target/quarkus-app/quarkus-run.jar}) started as its own
 * operating-system process, as in production: for failover tests and for tests that need a second
 * service next to the one under test. Its management interface (health, metrics, OpenAPI) listens on
 * {@link #managementPortFor(int) port + 1000}, so that several processes on one machine never collide.
 */
public final class ServiceProcess implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private static final int MANAGEMENT_PORT_OFFSET = 1000;

    private final Process process;
    private final int port;
    private final File log;

    private ServiceProcess(Process process, int port, File log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** The management port of a process started on {@code port}. */
    public static int managementPortFor(int port) {
        return port + MANAGEMENT_PORT_OFFSET;
    }

    /**
     * @param jar        the service's quarkus-run.jar
     * @param name       names the log ({@code target/<name>.log}) and the temp directory
     * @param properties system properties, e.g. topic names and datasource URLs
     */
    public static ServiceProcess start(File jar, String name, int port, Map<String, String> properties) throws IOException {
        if (!jar.isFile()) {
            throw new IllegalStateException(jar + " is not built; package the service first");
        }
        File tmp = new File("target/tmp-" + name);
        tmp.mkdirs();
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"), "-Xmx256m",
                "-Dquarkus.http.port=" + port, "-Dquarkus.management.port=" + managementPortFor(port),
                "-Djava.io.tmpdir=" + tmp.getAbsolutePath()));
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(jar.getAbsolutePath());
        File log = new File("target/" + name + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        return new ServiceProcess(process, port, log);
    }

    /**
     * Polls the readiness check on the management port until it answers 200, with a deadline.
     */
    public ServiceProcess awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("service on port " + port + " exited; see " + log);
            }
            if (ok(managementUrl() + "/q/health/ready")) {
                return this;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("service on port " + port + " not ready within " + timeout + "; see " + log);
    }

    private static boolean ok(String url) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false; // not listening yet
        }
    }

    /** SIGKILL: no shutdown hook, no flush, no goodbye to Kafka or PostgreSQL. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    public long pid() {
        return process.pid();
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Health, metrics and OpenAPI: {@code managementUrl() + "/q/metrics"}. */
    public String managementUrl() {
        return "http://127.0.0.1:" + managementPortFor(port);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
