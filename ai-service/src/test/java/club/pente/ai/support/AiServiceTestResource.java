package club.pente.ai.support;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.File;
import java.time.Duration;
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
        TestDatabases.recreate(DATABASE);
        IsolatedTopics topics = IsolatedTopics.fresh("aitest");
        Map<String, String> game = ServiceProperties.gameService(config, DATABASE, topics);
        try {
            File jar = new File(System.getProperty("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar"));
            gameService = ServiceProcess.start(jar, "game-service-for-ai", GAME_PORT, game);
            gameService.awaitReady(Duration.ofSeconds(90));
        } catch (Exception e) {
            stop(); // a process that never became ready must not outlive the run, holding its port
            throw new IllegalStateException("cannot start the game service for the AI tests", e);
        }
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
