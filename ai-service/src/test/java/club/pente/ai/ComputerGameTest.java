package club.pente.ai;

import club.pente.ai.support.AiServiceTestResource;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import club.pente.core.rules.Status;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

/** A whole game against the computer through Kafka and the real game service, and the analysis API. */
@QuarkusTest
@QuarkusTestResource(value = AiServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class ComputerGameTest {
    private static GameStreams streams;

    @BeforeAll
    static void open() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void close() throws Exception {
        streams.close();
    }

    @Test
    void theComputerAnswersEveryMoveUntilTheGameEnds() {
        String gameId = "vs-ai-" + UUID.randomUUID();
        PlayerRef human = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
        PlayerRef computer = PlayerRef.computer(3);
        streams.send(CreateGame.of(gameId, computer, human, false, TimeControl.UNTIMED)); // the computer opens
        streams.await(gameId, GameStarted.class, e -> true);

        Position position = new Position();
        SplittableRandom random = new SplittableRandom(42);
        for (int ply = 1; ply <= 200 && !position.status().isOver(); ply++) {
            if (Color.ofPly(ply) == Color.WHITE) {
                int expected = ply;
                MovePlayed answer = streams.await(gameId, MovePlayed.class, m -> m.ply() == expected, Duration.ofSeconds(30));
                assertThat(answer.playerId()).isEqualTo(computer.id());
                position.play(Notation.parse(answer.point()));
            } else {
                // The human plays random legal moves: the computer must beat that.
                String point = Notation.format(RandomGames.randomMove(position, random));
                streams.send(PlayMove.of(gameId, human.id(), ply, point));
                int expected = ply;
                streams.await(gameId, MovePlayed.class, m -> m.ply() == expected);
                position.play(Notation.parse(point));
            }
        }
        assertThat(position.status().isOver()).as("the game ended on the board within 200 plies").isTrue();
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true);
        assertThat(ended.result()).as("the computer beats random play").isEqualTo(Status.WHITE_WINS);
        List<GameEvent> events = streams.events(gameId);
        assertThat(events).noneMatch(e -> e instanceof MoveRejected r && r.playerId().equals(computer.id()));
        long computerMoves = events.stream().filter(e -> e instanceof MovePlayed m && m.playerId().equals(computer.id())).count();
        assertThat(computerMoves).as("one move per computer turn").isEqualTo((ended.plies() + 1) / 2);
    }

    @Test
    void analysisAnswersWithAMoveAndRefusesBadInput() {
        String alice = DemoTokens.accessToken("alice", "alice");
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"moves\":\"K10 L11\",\"level\":4,\"timeMs\":200}")
                .post("/api/ai/analysis").then().statusCode(200)
                .body("bestMove", matchesPattern("[A-HJ-T]([1-9]|1[0-9])"))
                .body("depth", org.hamcrest.Matchers.greaterThan(0));
        // White to move with four in a row and an open end: the engine must take the five.
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"moves\":[\"K10\",\"A19\",\"C5\",\"C19\",\"D5\",\"E19\",\"E5\",\"G19\",\"F5\",\"J19\"],\"level\":2,\"timeMs\":200}")
                .post("/api/ai/analysis").then().statusCode(200)
                .body("bestMove", org.hamcrest.Matchers.anyOf(equalTo("G5"), equalTo("B5")));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"moves\":\"K10 K10\"}").post("/api/ai/analysis").then()
                .statusCode(400).body("error", equalTo("ILLEGAL_POSITION")).body("message", containsString("occupied"));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"moves\":\"K10 Z9\"}").post("/api/ai/analysis").then()
                .statusCode(400).body("message", containsString("Z9"));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"moves\":\"K10\",\"level\":9}").post("/api/ai/analysis").then()
                .statusCode(400).body("error", equalTo("BAD_LEVEL"));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"level\":3}").post("/api/ai/analysis").then()
                .statusCode(400).body("error", equalTo("MISSING_MOVES"));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"moves\":").post("/api/ai/analysis").then().statusCode(400);
    }
}
