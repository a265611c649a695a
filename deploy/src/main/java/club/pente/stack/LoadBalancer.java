package club.pente.stack;

import club.pente.stack.QuarkusServices.Service;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The scaled stack's load balancer, {@code lb}: Debian's HAProxy (installed by deploy/lb-deps.sh) with a
 * configuration written here on every start and checked with {@code haproxy -c} before it runs in the
 * foreground ({@code -db}). One front per service on the service's own port (gateway 8080: the browser's single
 * origin, WebSockets included; game 8081, matchmaking 8082, rating 8083, ai 8084: what services call each other
 * on), balancing to the instances that answer {@code /q/health/ready} on their management port. Statistics
 * at {@code http://127.0.0.1:8404/stats} and {@code /stats;csv}.
 */
public final class LoadBalancer implements Component {

    public static final String NAME = "lb";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final StackConfig config;
    private final Path dir;

    public LoadBalancer(StackConfig config) {
        this.config = config;
        this.dir = config.home().resolve(NAME);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Port> ports() {
        List<Port> ports = new ArrayList<>();
        for (Service s : QuarkusServices.SERVICES) {
            ports.add(new Port(s.port(config), s.prefix() + "_PORT"));
        }
        ports.add(new Port(config.lbStatsPort(), "PENTE_LB_STATS_PORT"));
        return ports;
    }

    @Override
    public String endpoint() {
        return "http://" + config.connectHost() + ":" + QuarkusServices.GATEWAY_SERVICE.port(config) + " (stats " + statsUrl() + ")";
    }

    public String statsUrl() {
        return "http://" + config.connectHost() + ":" + config.lbStatsPort() + "/stats";
    }

    public Path configFile() {
        return dir.resolve("haproxy.cfg");
    }

    private String haproxy() {
        return config.env("PENTE_HAPROXY", "haproxy");
    }

    /** Writes the configuration and lets HAProxy check it: a broken file stops {@code up} before anything binds. */
    @Override
    public void prepare() throws Exception {
        Files.createDirectories(dir);
        Files.writeString(configFile(), haproxyConfig());
        try {
            Processes.runToCompletion(List.of(haproxy(), "-c", "-q", "-f", configFile().toString()), dir,
                    config.logDir().resolve(NAME + ".log"), Duration.ofSeconds(30));
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().contains("Cannot run program")) {
                throw new StackException("haproxy is not installed (the scaled stack's load balancer): run deploy/lb-deps.sh");
            }
            throw new StackException("haproxy rejects " + configFile() + ": " + e.getMessage());
        }
    }

    @Override
    public Launch launch() {
        // -db: foreground, no daemon; the stack's detached process group holds it like any other part.
        return new Launch(List.of(haproxy(), "-db", "-f", configFile().toString()), Map.of(), dir, "TERM");
    }

    /**
     * The statistics page answers, HAProxy has checked every server at least once (it starts them all UP
     * before the first check), and every front whose instances this stack runs has one of them UP; a front
     * whose service is not started here (a partial stack) does not hold the others back.
     */
    @Override
    public boolean isReady() {
        Optional<Map<String, Map<String, Server>>> servers = serverStates();
        if (servers.isEmpty()) {
            return false;
        }
        RunState runs = new RunState(config.runDir());
        for (Service s : QuarkusServices.SERVICES) {
            Map<String, Server> front = servers.get().getOrDefault(s.name(), Map.of());
            if (front.values().stream().anyMatch(server -> !server.checked())) {
                return false;
            }
            boolean running = front.keySet().stream().anyMatch(name -> {
                try {
                    return runs.running(name).isPresent();
                } catch (IOException e) {
                    return false;
                }
            });
            if (running && front.values().stream().noneMatch(Server::up)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Duration startTimeout() {
        return Duration.ofSeconds(30);
    }

    /** One line per front: each server with its health (UP, DOWN, ...), from /stats;csv. */
    @Override
    public List<String> details() {
        Optional<Map<String, Map<String, String>>> servers = servers();
        if (servers.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        servers.get().forEach((front, states) -> {
            StringBuilder line = new StringBuilder(front + " :" + portOf(front) + " ->");
            states.forEach((server, state) -> line.append(' ').append(server).append(' ').append(state));
            lines.add(line.toString());
        });
        return lines;
    }

    private String portOf(String front) {
        return QuarkusServices.SERVICES.stream().filter(s -> s.name().equals(front)).findFirst()
                .map(s -> Integer.toString(s.port(config))).orElse("?");
    }

    /** One server as the statistics show it: its state (UP, DOWN, "UP 1/2", ...) and its last check's result. */
    public record Server(String status, String checkStatus) {
        public boolean up() {
            return status.startsWith("UP");
        }

        /** HAProxy has run a check: INI (or nothing) means it has not yet, and then UP means nothing. */
        public boolean checked() {
            String c = checkStatus.replace("* ", "").trim();
            return !c.isEmpty() && !c.startsWith("INI");
        }
    }

    /** Front name -> (server name -> status), in the CSV's order; empty when the statistics do not answer. */
    public Optional<Map<String, Map<String, String>>> servers() {
        return serverStates().map(fronts -> {
            Map<String, Map<String, String>> result = new LinkedHashMap<>();
            fronts.forEach((front, servers) -> servers.forEach((name, server) ->
                    result.computeIfAbsent(front, k -> new LinkedHashMap<>()).put(name, server.status())));
            return result;
        });
    }

    public Optional<Map<String, Map<String, Server>>> serverStates() {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create(statsUrl() + ";csv")).timeout(Duration.ofSeconds(3)).GET().build();
            HttpResponse<String> response = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(parseStats(response.body())) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Parses HAProxy's CSV statistics: the header line starts with "# pxname,svname,", status is a named column. */
    static Map<String, Map<String, Server>> parseStats(String csv) {
        Map<String, Map<String, Server>> result = new LinkedHashMap<>();
        String[] lines = csv.split("\n");
        if (lines.length == 0 || !lines[0].startsWith("# ")) {
            return result;
        }
        List<String> header = List.of(lines[0].substring(2).split(",", -1));
        int px = header.indexOf("pxname");
        int sv = header.indexOf("svname");
        int status = header.indexOf("status");
        int check = header.indexOf("check_status");
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            if (px < 0 || sv < 0 || status < 0 || f.length <= Math.max(px, Math.max(sv, Math.max(status, check)))) {
                continue;
            }
            if (f[sv].equals("FRONTEND") || f[sv].equals("BACKEND") || f[px].equals("stats")) {
                continue;
            }
            result.computeIfAbsent(f[px], k -> new LinkedHashMap<>()).put(f[sv], new Server(f[status], check < 0 ? "" : f[check]));
        }
        return result;
    }

    /** The whole configuration, from the stack's ports and scale. */
    public String haproxyConfig() {
        String bind = config.bindHost();
        String host = config.connectHost();
        StringBuilder cfg = new StringBuilder();
        cfg.append("""
                # Written by the pente stack launcher on every start of 'lb'; edits are overwritten.
                global
                    # Every socket a browser holds is one client and one server connection here.
                    maxconn %1$d
                    log stdout format raw local0 notice

                defaults
                    mode http
                    log global
                    option dontlognull
                    maxconn %1$d
                    timeout connect 2s
                    timeout client 60s
                    timeout server 60s
                    timeout http-request 10s
                    timeout queue 5s
                    # A WebSocket (the gateway's /ws paths) is a tunnel once upgraded: an hour of quiet is fine.
                    timeout tunnel 1h
                    timeout client-fin 5s
                    # A connection refused by a dead instance is retried at once on another instance (redispatch
                    # on every retry, not only the last: no turn-around pause on the dead one).
                    retries 2
                    option redispatch 1
                    # Health: the instance's readiness on its management port, every second; down after
                    # two misses, back after two answers. A connection the instance refuses to real traffic
                    # marks it down at once (a killed process), without waiting for the checks.
                    option httpchk
                    http-check send meth GET uri /q/health/ready
                    http-check expect status 200
                    default-server inter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down

                listen stats
                    bind %2$s:%3$d
                    stats enable
                    stats uri /stats
                    stats refresh 2s
                    no log
                """.formatted(config.envInt("PENTE_LB_MAXCONN", 8000), bind, config.lbStatsPort()));
        for (Service s : QuarkusServices.SERVICES) {
            boolean gateway = s == QuarkusServices.GATEWAY_SERVICE;
            cfg.append("\nlisten ").append(s.name()).append('\n')
                    .append("    bind ").append(bind).append(':').append(s.port(config)).append('\n')
                    // The gateway's sockets last: the least busy instance takes the next one. Requests are short.
                    .append("    balance ").append(gateway ? "leastconn" : "roundrobin").append('\n');
            if (gateway) {
                cfg.append("    option forwardfor\n")
                        // The server-sent event streams (/api/games/{id}/events) stay quiet between moves: no 60 s cut.
                        .append("    timeout client 1h\n")
                        .append("    http-request set-timeout server 1h if { path_end /events }\n");
            }
            for (int i = 1; i <= Math.max(1, config.scale()); i++) {
                int instance = config.scaled() ? i : 0;
                cfg.append("    server ").append(s.instanceName(instance)).append(' ').append(host).append(':')
                        .append(s.port(config, instance)).append(" check port ").append(s.managementPort(config, instance)).append('\n');
                if (!config.scaled()) {
                    break;
                }
            }
        }
        return cfg.toString();
    }
}
