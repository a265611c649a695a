package club.pente.game.it;

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

/** A packaged game-service started as its own operating-system process, as in production. */
final class GameServiceProcess implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final int port;
    final File log;

    private GameServiceProcess(Process process, int port, File log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    static GameServiceProcess start(String name, int port, Map<String, String> properties) throws IOException {
        String jar = System.getProperty("game.service.jar", "target/quarkus-app/quarkus-run.jar");
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"), "-Xmx256m",
                "-Dquarkus.http.port=" + port,
                "-Djava.io.tmpdir=" + new File("target/tmp-" + name).getAbsolutePath()));
        new File("target/tmp-" + name).mkdirs();
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(jar);
        File log = new File("target/" + name + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        return new GameServiceProcess(process, port, log);
    }

    /** Waits for the readiness check with a deadline. */
    void awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("game service on port " + port + " exited; see " + log);
            }
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/q/health/ready")).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("game service on port " + port + " not ready within " + timeout + "; see " + log);
    }

    /** SIGKILL: no shutdown hook, no flush, no goodbye to Kafka or PostgreSQL. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
