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
 * verifies the analysis callers), with topics of its own for this run. Its hint limit is {@value #HINTS_PER_GAME}
 * per game, so that a test reaches it within the analysis quota of the test profile (three a minute).
 * {@link #restartGameService()} stops and starts it again on the same database.
 */
public class AiServiceTestResource implements QuarkusTestResourceLifecycleManager {
    public static final int HINTS_PER_GAME = 2;
    private static final String DATABASE = "pente_game_ai_test";
    private static final int GAME_PORT = 18095;
    private static File jar;
    private static Map<String, String> gameProperties;
    private static ServiceProcess gameService;

    @Override
    public Map<String, String> start() {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        IsolatedTopics topics = IsolatedTopics.fresh("aitest");
        TestDatabases.recreate(DATABASE);
        jar = new File(System.getProperty("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar"));
        gameProperties = new HashMap<>(ServiceProperties.gameService(config, DATABASE, topics));
        gameProperties.put("pente.game.hints-per-game", String.valueOf(HINTS_PER_GAME));
        startGameService();
        Map<String, String> props = new HashMap<>(topics.properties());
        props.putAll(ServiceProperties.kafkaAndKeycloak(config)); // Kafka, Keycloak and the development guest key
        props.put("quarkus.rest-client.game-service.url", gameService.url());
        props.put("pente.game-service.url", gameService.url());
        return props;
    }

    /** A clean stop and a fresh process of the game service on the same database and port: nothing in memory survives. */
    public static synchronized void restartGameService() throws InterruptedException {
        gameService.close();
        startGameService();
    }

    private static synchronized void startGameService() {
        ServiceProcess process = null;
        try {
            process = ServiceProcess.start(jar, "game-service-for-ai", GAME_PORT, gameProperties);
            gameService = process.awaitReady(Duration.ofSeconds(90));
        } catch (Exception e) {
            if (process != null) {
                try {
                    process.close();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            throw new IllegalStateException("cannot start the game service from " + jar, e);
        }
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
