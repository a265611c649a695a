package club.pente.ai.it;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The computer never leaves a game stuck and never plays twice in one position: the ai-service is
 * killed (SIGKILL) while a game waits for it, and a new process picks the game up.
 */
class RestartIT {
    private static final String DATABASE = "pente_game_ai_restart_test";

    @Test
    void aRestartedComputerPicksUpTheGameItWasWaitingOnAndMovesOnce() throws Exception {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        TestDatabases.recreate(DATABASE);
        IsolatedTopics topics = IsolatedTopics.fresh("airestart");
        Map<String, String> game = ServiceProperties.gameService(config, DATABASE, topics);
        File gameJar = new File(System.getProperty("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar"));
        File aiJar = new File(System.getProperty("ai.service.jar", "target/quarkus-app/quarkus-run.jar"));
        Map<String, String> ai = new HashMap<>(topics.properties());
        ai.putAll(Map.of("kafka.bootstrap.servers", config.kafkaBootstrapServers(),
                "quarkus.oidc.auth-server-url", config.realmUrl(), "quarkus.oidc.credentials.secret", config.servicesSecret(),
                "pente.guest.public-key", DemoTokens.devGuestPublicKey(),
                "quarkus.rest-client.game-service.url", "http://127.0.0.1:18097",
                "mp.messaging.incoming.game-events.group.id", "pente-ai-restart-" + topics.namespace()));

        try (ServiceProcess gameService = ServiceProcess.start(gameJar, "game-for-ai-restart", 18097, game).awaitReady(Duration.ofSeconds(90));
             GameStreams streams = new GameStreams(config.kafkaBootstrapServers(), topics.name(Topic.GAME_COMMANDS),
                     topics.name(Topic.GAME_EVENTS), topics.name(Topic.GAME_COMMANDS_DLQ))) {
            String gameId = "restart-" + UUID.randomUUID();
            PlayerRef human = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
            PlayerRef computer = PlayerRef.computer(2);
            try (ServiceProcess first = ServiceProcess.start(aiJar, "ai-restart-a", 18098, ai).awaitReady(Duration.ofSeconds(90))) {
                streams.send(CreateGame.of(gameId, human, computer, false, TimeControl.UNTIMED));
                streams.await(gameId, GameStarted.class, e -> true);
                streams.send(PlayMove.of(gameId, human.id(), 1, "K10"));
                streams.await(gameId, MovePlayed.class, m -> m.ply() == 2, Duration.ofSeconds(60));
                first.kill();
            }
            // While no computer is running, the human moves: the game now waits for the computer.
            streams.send(PlayMove.of(gameId, human.id(), 3, "O10"));
            streams.await(gameId, MovePlayed.class, m -> m.ply() == 3);
            try (ServiceProcess second = ServiceProcess.start(aiJar, "ai-restart-b", 18099, ai).awaitReady(Duration.ofSeconds(90))) {
                MovePlayed answer = streams.await(gameId, MovePlayed.class, m -> m.ply() == 4, Duration.ofSeconds(60));
                assertThat(answer.playerId()).isEqualTo(computer.id());
                // Let the restarted service see everything once more before judging "exactly once".
                streams.send(PlayMove.of(gameId, human.id(), 5, "A1"));
                streams.await(gameId, MovePlayed.class, m -> m.ply() == 6, Duration.ofSeconds(60));
            }
            List<GameEvent> all = streams.events(gameId);
            assertThat(all).filteredOn(e -> e instanceof MovePlayed m && m.playerId().equals(computer.id()))
                    .extracting(e -> ((MovePlayed) e).ply()).containsExactly(2, 4, 6);
            assertThat(all).noneMatch(MoveRejected.class::isInstance);
        }
    }
}
