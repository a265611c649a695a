package club.pente.stack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Cheap network checks used for readiness and for port conflicts. */
public final class Probes {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Probes() {
    }

    public static boolean answers(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** True when nothing holds the port on that address (binding it succeeds). */
    public static boolean free(String bindHost, int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(bindHost), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public static boolean httpOk(String url) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(3)).GET().build();
            return HTTP.send(req, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Best effort: who listens on the port, from {@code ss}, to name the culprit in an error. */
    public static String holderOf(int port) {
        try {
            Process p = new ProcessBuilder(List.of("ss", "-Hltnp", "sport = :" + port)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor(5, TimeUnit.SECONDS);
            return out.isEmpty() ? "unknown process" : out.replaceAll("\\s+", " ");
        } catch (IOException e) {
            return "unknown process";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown process";
        }
    }
}
