package club.pente.bench.spectators;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The gateway's memory, sampled before and after the sockets open: heap in use right after a full GC
 * ({@code jcmd PID GC.run}, then {@code jvm_memory_used_bytes{area="heap"}} from its management metrics)
 * and the process's resident set ({@code /proc/PID/status}). The process is found by the port it listens
 * on (this machine only), or named with {@code --gateway-pid}.
 */
final class GatewayMemory {
    record Sample(long heapBytes, long rssBytes, boolean afterGc) {
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String managementUrl;
    private final long pid;

    GatewayMemory(String managementUrl, long pid, int port) {
        this.managementUrl = managementUrl;
        this.pid = pid > 0 ? pid : listeningPid(port);
    }

    Sample sample() {
        boolean gc = false;
        if (pid > 0) {
            gc = gc(pid);
        }
        return new Sample(heapUsed(), pid > 0 ? rss(pid) : -1, gc);
    }

    static String describe(Sample before, Sample after, int sockets) {
        StringBuilder text = new StringBuilder("gateway memory:");
        if (before.heapBytes() >= 0 && after.heapBytes() >= 0) {
            text.append(String.format(" heap%s %.0f MB before, %.0f MB with %d sockets", before.afterGc() && after.afterGc() ? " after GC" : "",
                    before.heapBytes() / 1e6, after.heapBytes() / 1e6, sockets));
            if (sockets > 0) {
                text.append(String.format(" = %.1f KB heap per socket", (after.heapBytes() - before.heapBytes()) / 1024.0 / sockets));
            }
        } else {
            text.append(" heap unknown (no metrics at the management port)");
        }
        if (before.rssBytes() >= 0 && after.rssBytes() >= 0) {
            text.append(String.format("; RSS %.0f MB before, %.0f MB after", before.rssBytes() / 1e6, after.rssBytes() / 1e6));
            if (sockets > 0) {
                text.append(String.format(" = %.1f KB RSS per socket", (after.rssBytes() - before.rssBytes()) / 1024.0 / sockets));
            }
        } else {
            text.append("; RSS unknown (gateway process not found: --gateway-pid)");
        }
        return text.toString();
    }

    private long heapUsed() {
        try {
            String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(managementUrl + "/q/metrics")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            long total = 0;
            boolean found = false;
            for (String line : metrics.split("\n")) {
                if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                    total += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                    found = true;
                }
            }
            return found ? total : -1;
        } catch (Exception e) {
            return -1;
        }
    }

    private static boolean gc(long pid) {
        Path jcmd = Path.of(ProcessHandle.current().info().command().orElse("java")).resolveSibling("jcmd");
        if (!Files.isExecutable(jcmd)) {
            return false;
        }
        try {
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (Exception e) {
            // not on Linux, or gone
        }
        return -1;
    }

    private static boolean isJava(Path process) {
        try {
            return new String(Files.readAllBytes(process.resolve("cmdline"))).contains("java");
        } catch (Exception e) {
            return false;
        }
    }

    /** The process listening on the port: its socket's inode from /proc/net/tcp, then the process holding it. */
    static long listeningPid(int port) {
        String inode = null;
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && f[3].equals("0A") && f[1].endsWith(String.format(":%04X", port))) {
                        inode = f[9];
                    }
                }
            } catch (Exception e) {
                // no such table
            }
        }
        if (inode == null) {
            return -1;
        }
        String socket = "socket:[" + inode + "]";
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path process : (Iterable<Path>) processes::iterator) {
                if (!process.getFileName().toString().chars().allMatch(Character::isDigit) || !isJava(process)) {
                    continue;
                }
                try (Stream<Path> fds = Files.list(process.resolve("fd"))) {
                    for (Path fd : (Iterable<Path>) fds::iterator) {
                        try {
                            if (Files.readSymbolicLink(fd).toString().equals(socket)) {
                                return Long.parseLong(process.getFileName().toString());
                            }
                        } catch (Exception e) {
                            // closed meanwhile
                        }
                    }
                } catch (Exception e) {
                    // not ours to read, or gone
                }
            }
        } catch (Exception e) {
            return -1;
        }
        return -1;
    }
}
