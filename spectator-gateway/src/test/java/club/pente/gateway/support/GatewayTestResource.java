package club.pente.gateway.support;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.PackagedGameService;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestStack;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;

/**
 * The gateway under test needs the authority behind it: the packaged game-service runs as a process
 * on real Kafka, PostgreSQL and Keycloak, with topics of its own for this run.
 */
public class GatewayTestResource implements QuarkusTestResourceLifecycleManager {
    private static final String DATABASE = "pente_game_gateway_test";
    private static final int GAME_PORT = 18096;
    /** A port no service listens on (TCP port 1 is never one of ours). */
    public static final String NOBODY = "http://127.0.0.1:1";
    private static volatile String gameServiceManagementUrl;
    private ServiceProcess gameService;

    /** The game service's management interface (its /q/metrics counts the snapshots the gateway asked for). */
    public static String gameServiceManagementUrl() {
        return gameServiceManagementUrl;
    }

    @Override
    public Map<String, String> start() {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        IsolatedTopics topics = IsolatedTopics.fresh("gwtest");
        gameService = PackagedGameService.start(config, "game-service-for-gateway", GAME_PORT, DATABASE, topics);
        gameServiceManagementUrl = gameService.managementUrl();
        Map<String, String> props = new HashMap<>(topics.properties());
        props.putAll(ServiceProperties.kafkaAndKeycloak(config)); // Kafka, Keycloak and the development guest key
        props.put("pente.route.games", gameService.url());
        // Nothing else runs behind this gateway: a port nobody listens on, whatever else runs on this machine.
        props.put("pente.route.matchmaking", NOBODY);
        props.put("pente.route.ratings", NOBODY);
        props.put("pente.route.ai", NOBODY);
        props.put("pente.operations.health.game", gameService.managementUrl());
        props.put("pente.operations.health.matchmaking", NOBODY);
        props.put("pente.operations.health.rating", NOBODY);
        props.put("pente.operations.health.ai", NOBODY);
        props.put("pente.ws.allowed-origins", "http://localhost:8080");
        props.put("pente.gateway.resume-buffer", "4");
        // Small limits so that the quota tests reach them quickly; every test speaks within them.
        props.put("pente.quota.sockets.per-address", "12");
        props.put("pente.quota.sockets.per-identity", "4");
        props.put("pente.quota.api.per-address.burst", "60");
        props.put("pente.quota.api.per-address.per-second", "20");
        props.put("pente.quota.api.per-identity.burst", "20");
        props.put("pente.quota.api.per-identity.per-second", "5");
        // The table: a short abandonment time and a small chat burst, so that the tests reach both quickly.
        props.put("pente.abandonment.seconds", "4");
        props.put("pente.chat.burst", "3");
        props.put("pente.chat.window-seconds", "30");
        return props;
    }

    @Override
    public void stop() {
        try {
            if (gameService != null) {
                gameService.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
