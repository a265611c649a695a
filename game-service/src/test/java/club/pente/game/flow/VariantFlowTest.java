package club.pente.game.flow;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Variant;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;

/**
 * The game service plays each game's variant through the real command stream: a Keryo trio capture (three stones
 * taken, counted as one capture and three stones, and the freed point played again), and Gomoku's missing tournament
 * rule and captures; the same moves in a Pente game are refused.
 */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class VariantFlowTest {
    private static GameStreams streams;

    @BeforeAll
    static void openStreams() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    private static PlayerRef someone(String name) {
        return new PlayerRef(name + "-" + UUID.randomUUID(), name);
    }

    private static String start(Variant variant, PlayerRef white, PlayerRef black) {
        String gameId = UUID.randomUUID().toString();
        CreateGame create = CreateGame.of(gameId, white, black, false, TimeControl.UNTIMED, variant, null);
        streams.send(create);
        GameStarted started = streams.await(gameId, GameStarted.class, s -> s.commandId().equals(create.commandId()));
        assertThat(started.variant()).isEqualTo(variant);
        return gameId;
    }

    /** Plays the moves alternately from ply 1 and returns the events of the moves. */
    private static List<MovePlayed> play(String gameId, PlayerRef white, PlayerRef black, List<String> points) {
        return java.util.stream.IntStream.range(0, points.size()).mapToObj(i -> {
            PlayMove move = PlayMove.of(gameId, (i % 2 == 0 ? white : black).id(), i + 1, points.get(i));
            streams.send(move);
            return streams.await(gameId, MovePlayed.class, played -> played.commandId().equals(move.commandId()));
        }).toList();
    }

    private static MoveRejected rejected(String gameId, PlayerRef player, int ply, String point) {
        PlayMove move = PlayMove.of(gameId, player.id(), ply, point);
        streams.send(move);
        return streams.await(gameId, MoveRejected.class, r -> r.commandId().equals(move.commandId()));
    }

    @Test
    void aKeryoTrioIsCapturedCountedAsThreeStonesAndItsPointsArePlayableAgain() {
        PlayerRef white = someone("kim");
        PlayerRef black = someone("kai");
        String gameId = start(Variant.KERYO, white, black);
        // White's L13 flanks Black's L10-L12 with L9: a trio, legal to take only in Keryo.
        List<MovePlayed> moves = play(gameId, white, black, List.of("K10", "L10", "N13", "L11", "L9", "L12", "L13", "L11"));
        MovePlayed capture = moves.get(6);
        assertThat(capture.captured()).containsExactlyInAnyOrder("L10", "L11", "L12");
        assertThat(capture.capturedPairs()).isEqualTo(new PerSide(1, 0));
        assertThat(capture.capturedStones()).isEqualTo(new PerSide(3, 0));
        assertThat(moves.get(7).point()).isEqualTo("L11");
        assertThat(moves.get(7).nextPlayerId()).isEqualTo(white.id());
        given().get("/api/games/{id}", gameId).then().statusCode(200)
                .body("variant", equalTo("KERYO"))
                .body("capturedStones.white", equalTo(3))
                .body("capturedPairs.white", equalTo(1))
                .body("moves[6].captured", containsInAnyOrder("L10", "L11", "L12"));

        // The same trio in Pente stays on the board: L11 is occupied there.
        String pente = start(Variant.PENTE, white, black);
        List<MovePlayed> penteMoves = play(pente, white, black, List.of("K10", "L10", "N13", "L11", "L9", "L12", "L13"));
        assertThat(penteMoves.get(6).captured()).isEmpty();
        assertThat(rejected(pente, black, 8, "L11").reason()).isNotNull();
    }

    @Test
    void gomokuHasNoTournamentRuleAndNoCaptures() {
        PlayerRef white = someone("gil");
        PlayerRef black = someone("gus");
        String gameId = start(Variant.GOMOKU, white, black);
        // K11 next to the centre for White's second stone; then L13 "flanks" the pair L11-L12 with L10: nothing taken.
        List<MovePlayed> moves = play(gameId, white, black, List.of("K10", "L11", "K11", "L12", "L10", "A1", "L13"));
        assertThat(moves).allSatisfy(m -> assertThat(m.captured()).isEmpty());
        assertThat(moves.get(6).capturedStones()).isEqualTo(PerSide.ZERO);
        given().get("/api/games/{id}", gameId).then().statusCode(200).body("variant", equalTo("GOMOKU"))
                .body("ply", equalTo(7));

        String pente = start(Variant.PENTE, white, black);
        play(pente, white, black, List.of("K10", "L11"));
        assertThat(rejected(pente, white, 3, "K11").reason()).isNotNull();
    }
}
