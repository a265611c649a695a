package club.pente.matchmaking.flow;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.Topic;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.StackTest;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static club.pente.matchmaking.support.MatchmakingStreams.await;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/**
 * Defect 2 of issue 14 on the real stack: an invitation accepted while no game service reads the run's
 * commands (it is down, restarting) stays usable: its game is PENDING, and once the packaged game service
 * starts it creates the game from the command waiting on the stream and matchmaking, reading its
 * GameStarted, says READY. The invitation was never "used up" without a game following.
 */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class GameServiceLateTest {
    private static final String DATABASE = "pente_game_for_matchmaking_test";
    private static final int GAME_PORT = 18111;
    private static MatchmakingStreams streams;

    @BeforeAll
    static void setUp() {
        streams = MatchmakingStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    /** The packaged game service on this run's topics (the namespace matchmaking was given). */
    private static ServiceProcess startGameService() throws Exception {
        Config config = ConfigProvider.getConfig();
        String events = IsolatedTopics.configured(config, Topic.GAME_EVENTS);
        String namespace = events.substring(0, events.length() - ".game.events".length());
        StackConfig stack = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        TestDatabases.recreate(DATABASE);
        Map<String, String> props = new HashMap<>(ServiceProperties.kafkaAndKeycloak(stack));
        props.putAll(ServiceProperties.datasource(stack, DATABASE));
        props.putAll(Topic.isolatedIn(namespace));
        props.put("pente.game.first-move-seconds", "600");
        File jar = new File(System.getProperty("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar"));
        ServiceProcess process = ServiceProcess.start(jar, "game-service-for-matchmaking", GAME_PORT, props);
        try {
            return process.awaitReady(Duration.ofSeconds(90));
        } catch (Exception e) {
            process.close();
            throw e;
        }
    }

    @Test
    void anInvitationAcceptedWhileTheGameServiceIsDownGetsItsGameWhenItIsBack() throws Exception {
        Tokened alice = Players.account("alice");
        Tokened guest = Players.guest("Patient");
        String code = alice.request().body("{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"color\":\"WHITE\"}")
                .post("/api/matchmaking/invitations").then().statusCode(201).extract().path("code");
        String gameId = guest.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(200)
                .body("gameStatus", equalTo("PENDING")).body("gameReady", equalTo(false)).extract().path("gameId");
        CreateGame create = streams.awaitCreateGame(gameId);
        assertThat(create.white().id()).isEqualTo(alice.id());
        // The command is on the stream and nobody creates the game: still pending, and the invitation stays accepted.
        given().get("/api/matchmaking/games/{id}", gameId).then().statusCode(200).body("gameStatus", equalTo("PENDING"));
        given().get("/api/matchmaking/invitations/{code}", code).then().body("status", equalTo("ACCEPTED")).body("gameId", equalTo(gameId));

        try (ServiceProcess games = startGameService()) {
            Response ready = await(() -> {
                Response r = given().get("/api/matchmaking/games/{id}", gameId);
                return "READY".equals(r.path("gameStatus")) ? r : null;
            }, "game " + gameId + " READY once the game service is back");
            assertThat((Boolean) ready.path("gameReady")).isTrue();
            guest.request().post("/api/matchmaking/invitations/{code}/accept", code).then().statusCode(200)
                    .body("gameId", equalTo(gameId)).body("gameReady", equalTo(true));
            given().get(games.url() + "/api/games/{id}", gameId).then().statusCode(200)
                    .body("white.id", equalTo(alice.id())).body("black.id", equalTo(guest.id()));
        }
    }
}
