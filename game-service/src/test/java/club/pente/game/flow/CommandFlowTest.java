package club.pente.game.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.record.GameRecord;
import club.pente.core.record.GameRecordFormat;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/** The authority driven through its command topic, as matchmaking, the gateway and the AI drive it. */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class CommandFlowTest {
    private static final PlayerRef ALICE = new PlayerRef("alice-" + UUID.randomUUID(), "alice");
    private static final PlayerRef BOB = new PlayerRef("bob-" + UUID.randomUUID(), "bob");
    private static GameStreams streams;

    @BeforeAll
    static void openStreams() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    private static String newGame(TimeControl timeControl) {
        String gameId = UUID.randomUUID().toString();
        CreateGame create = CreateGame.of(gameId, ALICE, BOB, false, timeControl);
        streams.send(create);
        streams.await(gameId, GameStarted.class, started -> started.commandId().equals(create.commandId()));
        return gameId;
    }

    private static PlayMove move(String gameId, int ply, String point) {
        return PlayMove.of(gameId, (ply % 2 == 1 ? ALICE : BOB).id(), ply, point);
    }

    @Test
    void aWholeGameEndsRightAndItsRecordReplaysToTheSameResult() throws Exception {
        String gameId = newGame(TimeControl.UNTIMED);
        // White captures L10-M10 on ply 5, then makes five C5-G5 on ply 15.
        String[] moves = {"K10", "L10", "A1", "M10", "N10", "A19", "C5", "C19", "D5", "E19", "E5", "G19", "F5", "J19", "G5"};
        for (int i = 0; i < moves.length; i++) {
            streams.send(move(gameId, i + 1, moves[i])); // all at once: the partition keeps them in order
        }
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(ended.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
        assertThat(ended.plies()).isEqualTo(15);
        assertThat(ended.capturedPairs().white()).isEqualTo(1);
        assertThat(ended.points().white()).isEqualTo(6);
        assertThat(ended.points().black()).isZero();

        List<GameEvent> events = streams.events(gameId);
        assertThat(events).hasSize(17);
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i).version()).as("event %d", i).isEqualTo(i + 1);
        }
        MovePlayed capture = (MovePlayed) events.get(5);
        assertThat(capture.point()).isEqualTo("N10");
        assertThat(capture.captured()).containsExactlyInAnyOrder("L10", "M10");

        String record = given().get("/api/games/{id}/record", gameId).then().statusCode(200).extract().asString();
        GameRecord parsed = GameRecordFormat.read(record);
        assertThat(parsed.moves()).containsExactly(moves);
        assertThat(parsed.result()).isEqualTo(Status.WHITE_WINS);

        JsonNode replay = replay(String.join(" ", parsed.moves()));
        assertThat(replay.get("status").asText()).isEqualTo(ended.result().name());
        assertThat(replay.get("reason").asText()).isEqualTo(ended.reason().name());
        assertThat(replay.get("ply").asInt()).isEqualTo(ended.plies());
        assertThat(replay.get("points").get("white").asInt()).isEqualTo(ended.points().white());
        assertThat(replay.get("capturedPairs").get("white").asInt()).isEqualTo(ended.capturedPairs().white());

        given().get("/api/games/{id}", gameId).then().statusCode(200)
                .body("status", equalTo("WHITE_WINS"))
                .body("version", equalTo(17))
                .body("moves.size()", equalTo(15))
                .body("board[14]", equalTo("..WWWWW............"));
    }

    /** Runs the real {@code ./pente replay} on a move list. */
    private static JsonNode replay(String moveList) throws Exception {
        File root = new File("..").getCanonicalFile();
        Process process = new ProcessBuilder(new File(root, "pente").getPath(), "replay")
                .directory(root).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        process.getOutputStream().write(moveList.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return Contracts.json().readTree(out);
    }

    @Test
    void aRepeatedCommandChangesNothingAndEmitsNothing() {
        String gameId = newGame(TimeControl.UNTIMED);
        PlayMove first = move(gameId, 1, "K10");
        streams.send(first);
        streams.send(first);
        streams.send(move(gameId, 2, "L11"));
        streams.send(first); // a late redelivery after the game moved on
        PlayMove marker = move(gameId, 3, "N10");
        streams.send(marker);
        streams.await(gameId, MovePlayed.class, played -> played.commandId().equals(marker.commandId()));
        List<GameEvent> events = streams.events(gameId);
        assertThat(events).extracting(GameEvent::version).containsExactly(1L, 2L, 3L, 4L);
        assertThat(events).noneMatch(MoveRejected.class::isInstance);
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(3)).body("version", equalTo(4));
    }

    @Test
    void eachKindOfRejectionReachesTheMoverAndChangesNothing() {
        String gameId = newGame(TimeControl.UNTIMED);
        assertRejected(move(gameId, 1, "A1"), RejectionReason.FIRST_MOVE_NOT_CENTRE);
        streams.send(move(gameId, 1, "K10"));
        assertRejected(PlayMove.of(gameId, ALICE.id(), 2, "L11"), RejectionReason.NOT_YOUR_TURN);
        assertRejected(PlayMove.of(gameId, BOB.id(), 1, "L11"), RejectionReason.STALE_PLY);
        assertRejected(PlayMove.of(gameId, "mallory", 2, "L11"), RejectionReason.NOT_A_PLAYER);
        assertRejected(move(gameId, 2, "K10"), RejectionReason.OCCUPIED);
        assertRejected(move(gameId, 2, "K20"), RejectionReason.BAD_NOTATION);
        streams.send(move(gameId, 2, "L11"));
        assertRejected(move(gameId, 3, "L10"), RejectionReason.TOURNAMENT_RULE);
        assertRejected(PlayMove.of("no-such-game-" + UUID.randomUUID(), ALICE.id(), 1, "K10"), RejectionReason.UNKNOWN_GAME);
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(2)).body("version", equalTo(3));

        Resign resign = Resign.of(gameId, BOB.id());
        streams.send(resign);
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> e.commandId().equals(resign.commandId()));
        assertThat(ended.reason()).isEqualTo(EndReason.RESIGNATION);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertRejected(move(gameId, 3, "N10"), RejectionReason.GAME_OVER);
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(2)).body("version", equalTo(4))
                .body("status", equalTo("WHITE_WINS")).body("reason", equalTo("RESIGNATION"));
    }

    private static void assertRejected(PlayMove command, RejectionReason reason) {
        streams.send(command);
        MoveRejected rejected = streams.await(command.gameId(), MoveRejected.class, r -> r.commandId().equals(command.commandId()));
        assertThat(rejected.reason()).isEqualTo(reason);
        assertThat(rejected.playerId()).isEqualTo(command.playerId());
        assertThat(rejected.message()).isNotBlank();
    }

    @Test
    void unreadableCommandsLandOnTheDeadLetterTopicAndTheGameGoesOn() {
        String gameId = newGame(TimeControl.UNTIMED);
        streams.sendRaw(gameId, "{\"type\":\"PlayMove\", this is not json");
        streams.sendRaw(gameId, "{\"type\":\"Teleport\",\"gameId\":\"" + gameId + "\"}");
        streams.sendRaw(gameId, "null"); // JSON null: reads as no command at all
        PlayMove wrongKey = move(gameId, 1, "K10");
        streams.sendRaw("another-key", Contracts.json().valueToTree(wrongKey).toString());
        PlayMove good = move(gameId, 1, "K10");
        streams.send(good);
        streams.await(gameId, MovePlayed.class, played -> played.commandId().equals(good.commandId()));
        await().atMost(Duration.ofSeconds(20)).until(() -> streams.deadLetters().size() >= 4);
        assertThat(streams.deadLetters()).extracting(r -> r.value())
                .anyMatch("null"::equals)
                .anyMatch(v -> v.contains("this is not json"))
                .anyMatch(v -> v.contains("Teleport"))
                .anyMatch(v -> v.contains(wrongKey.commandId()));
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(1));
    }

    /**
     * A 65-character command id or a NUL byte used to fail the database insert, which was retried forever:
     * no other command on that partition was applied again. Now such records are dead-lettered at once.
     */
    @Test
    void oneHostileCommandNeverStopsTheNextOne() {
        String gameId = newGame(TimeControl.UNTIMED);
        String longId = "c".repeat(65);
        streams.sendRaw(gameId, playMoveJson(longId, gameId, ALICE.id(), "K10"));
        streams.sendRaw(gameId, playMoveJson("nul-" + UUID.randomUUID(), gameId, ALICE.id(), "K10\\u0000"));
        streams.sendRaw(gameId, playMoveJson("nul-" + UUID.randomUUID(), gameId, "alice\\u0000", "K10"));
        streams.sendRaw(gameId, playMoveJson("huge-" + UUID.randomUUID(), gameId, "p".repeat(10_000), "K10"));
        PlayMove good = move(gameId, 1, "K10");
        streams.send(good);
        streams.await(gameId, MovePlayed.class, played -> played.commandId().equals(good.commandId()), Duration.ofSeconds(20));
        await().atMost(Duration.ofSeconds(20)).until(() -> streams.deadLetters().stream().filter(r -> gameId.equals(r.key())).count() >= 4);
        assertThat(streams.deadLetters()).extracting(r -> r.value()).anyMatch(v -> v.contains(longId));
        given().get("/api/games/{id}", gameId).then().body("ply", equalTo(1)).body("version", equalTo(2));
    }

    private static String playMoveJson(String commandId, String gameId, String playerId, String point) {
        return "{\"type\":\"PlayMove\",\"schemaVersion\":1,\"commandId\":\"" + commandId + "\",\"gameId\":\"" + gameId
                + "\",\"playerId\":\"" + playerId + "\",\"expectedPly\":1,\"point\":\"" + point
                + "\",\"issuedAt\":\"2026-12-01T12:00:00Z\"}";
    }

    @Test
    void aPlayerWhoseClockRunsOutLosesWithoutAnyoneSendingAnything() {
        String gameId = newGame(new TimeControl(1, 0));
        GameEnded ended = streams.await(gameId, GameEnded.class, e -> true, Duration.ofSeconds(15));
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(ended.result()).isEqualTo(Status.BLACK_WINS);
        given().get("/api/games/{id}", gameId).then()
                .body("status", equalTo("BLACK_WINS"))
                .body("reason", equalTo("TIMEOUT"))
                .body("clocks.whiteMillis", equalTo(0));
    }
}
