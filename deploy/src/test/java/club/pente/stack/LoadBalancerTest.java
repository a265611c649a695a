package club.pente.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HAProxy configuration the scaled stack writes, and how its statistics are read; nothing is started. */
class LoadBalancerTest {

    private final StackConfig config = ScaledStackTest.config(2, Map.of());
    private final LoadBalancer lb = new LoadBalancer(config);

    @Test
    void everyServiceHasAFrontOnItsOwnPortBalancingToItsInstancesCheckedOnTheirManagementPort() {
        String cfg = lb.haproxyConfig();
        assertThat(cfg).contains(
                "listen gateway\n    bind 127.0.0.1:8080\n    balance leastconn\n",
                "    server gateway-1 127.0.0.1:8280 check port 9280\n",
                "    server gateway-2 127.0.0.1:8480 check port 9480\n",
                "listen game\n    bind 127.0.0.1:8081\n    balance roundrobin\n",
                "    server game-2 127.0.0.1:8481 check port 9481\n",
                "listen matchmaking\n    bind 127.0.0.1:8082\n",
                "listen rating\n    bind 127.0.0.1:8083\n",
                "listen ai\n    bind 127.0.0.1:8084\n",
                "http-check send meth GET uri /q/health/ready\n",
                "default-server inter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down\n",
                "timeout tunnel 1h\n", "retries 2\n", "option redispatch 1\n",
                "listen stats\n    bind 127.0.0.1:8404\n", "stats uri /stats\n");
    }

    @Test
    void haproxyAcceptsTheGeneratedConfiguration(@TempDir Path dir) throws Exception {
        assumeThat(onPath("haproxy")).as("haproxy installed (deploy/lb-deps.sh)").isTrue();
        for (int scale : List.of(2, 4)) {
            Path cfg = dir.resolve("haproxy-" + scale + ".cfg");
            Files.writeString(cfg, new LoadBalancer(ScaledStackTest.config(scale, Map.of())).haproxyConfig());
            Process check = new ProcessBuilder("haproxy", "-c", "-f", cfg.toString()).redirectErrorStream(true).start();
            String output = new String(check.getInputStream().readAllBytes());
            assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(check.exitValue()).as(output).isZero();
            assertThat(output).doesNotContain("WARNING");
        }
    }

    @Test
    void theStatisticsCsvGivesEachFrontsServersTheirHealthAndWhetherTheyWereCheckedYet() {
        String csv = """
                # pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,weight,check_status
                stats,FRONTEND,,,1,1,8000,5,0,0,0,0,0,,,,,OPEN,,
                gateway,FRONTEND,,,0,2,8000,9,0,0,0,0,0,,,,,OPEN,,
                gateway,gateway-1,0,0,0,1,,4,0,0,,0,,0,0,0,0,UP,1,L7OK
                gateway,gateway-2,0,0,0,1,,5,0,0,,0,,0,0,0,0,DOWN,1,L4CON
                gateway,BACKEND,0,0,0,2,800,9,0,0,0,0,,0,0,0,0,UP,2,
                game,game-1,0,0,0,1,,4,0,0,,0,,0,0,0,0,UP 1/2,1,* L7OK
                game,game-2,0,0,0,1,,4,0,0,,0,,0,0,0,0,UP,1,INI
                """;
        Map<String, Map<String, LoadBalancer.Server>> servers = LoadBalancer.parseStats(csv);
        assertThat(servers).containsOnlyKeys("gateway", "game");
        assertThat(servers.get("gateway")).containsExactly(Map.entry("gateway-1", new LoadBalancer.Server("UP", "L7OK")),
                Map.entry("gateway-2", new LoadBalancer.Server("DOWN", "L4CON")));
        assertThat(servers.get("gateway").get("gateway-2").up()).isFalse();
        assertThat(servers.get("game").get("game-1").up()).isTrue();
        assertThat(servers.get("game").get("game-1").checked()).isTrue();
        // HAProxy starts every server UP before its first check: that UP means nothing yet.
        assertThat(servers.get("game").get("game-2").checked()).isFalse();
        assertThat(new LoadBalancer.Server("UP", "").checked()).isFalse();
        assertThat(LoadBalancer.parseStats("<html>not csv</html>")).isEmpty();
    }

    @Test
    void theGatewaysEventStreamsAreNotCutAfterAMinuteOfQuiet() {
        assertThat(lb.haproxyConfig()).contains("listen gateway\n", "    timeout client 1h\n",
                "    http-request set-timeout server 1h if { path_end /events }\n");
    }

    @Test
    void theLoadBalancerIsThePartOfTheScaledStackOnly() {
        assertThat(lb.name()).isEqualTo("lb");
        assertThat(lb.ports()).extracting(Port::number).containsExactlyInAnyOrder(8080, 8081, 8082, 8083, 8084, 8404);
        assertThat(lb.launch().command()).contains("-db", "-f", lb.configFile().toString());
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
