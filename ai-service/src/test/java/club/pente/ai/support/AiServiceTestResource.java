package club.pente.ai.support;

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
 * The AI service needs the authority: this starts the packaged game-service as a process next to the
 * AI service under test, on real Kafka, PostgreSQL and Keycloak (which, with the development guest key,
 * verifies the analysis callers), with topics of its own for this run.
 */
public class AiServiceTestResource implements QuarkusTestResourceLifecycleManager {
    private static final String DATABASE = "pente_game_ai_test";
    private static final int GAME_PORT = 18095;
    private ServiceProcess gameService;

    @Override
    public Map<String, String> start() {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        IsolatedTopics topics = IsolatedTopics.fresh("aitest");
        gameService = PackagedGameService.start(config, "game-service-for-ai", GAME_PORT, DATABASE, topics);
        Map<String, String> props = new HashMap<>(topics.properties());
        props.putAll(ServiceProperties.kafkaAndKeycloak(config)); // Kafka, Keycloak and the development guest key
        props.put("quarkus.rest-client.game-service.url", gameService.url());
        props.put("pente.game-service.url", gameService.url());
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
