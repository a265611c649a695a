package club.pente.core.cli;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class PenteCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String stdin, String... args) {
        PenteCli cli = new PenteCli(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return cli.run(args);
    }

    private JsonNode json() throws Exception {
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text.lines().count()).as("exactly one line of output").isEqualTo(1);
        return Contracts.json().readTree(text);
    }

    @Test
    void replayPrintsTheFinalPosition() throws Exception {
        assertThat(run("K10 L10, A1\nM10 # black moves into the flank\nN10", "replay")).isZero();
        JsonNode json = json();
        assertThat(json.get("status").asText()).isEqualTo("ONGOING");
        assertThat(json.get("reason").isNull()).isTrue();
        assertThat(json.get("ply").asInt()).isEqualTo(5);
        assertThat(json.get("toMove").asText()).isEqualTo("BLACK");
        assertThat(json.get("capturedPairs").toString()).isEqualTo("{\"white\":1,\"black\":0}");
        assertThat(json.get("points").toString()).isEqualTo("{\"white\":1,\"black\":0}");
        assertThat(json.get("announcements").isArray()).isTrue();
        JsonNode board = json.get("board");
        assertThat(board).hasSize(19);
        assertThat(board.get(9).asText()).isEqualTo(".........W..W......"); // row 10: K10, N10; L10 M10 taken
        assertThat(board.get(18).asText()).isEqualTo("W.................."); // row 1: A1
        assertThat(board.get(0).asText()).isEqualTo("...................");
        assertThat(err.size()).isZero();
    }

    @Test
    void replayReportsAFinishedGame() throws Exception {
        assertThat(run("K10 A19 C5 C19 D5 E19 E5 G19 F5 J19 G5", "replay")).isZero();
        JsonNode json = json();
        assertThat(json.get("status").asText()).isEqualTo("WHITE_WINS");
        assertThat(json.get("reason").asText()).isEqualTo("FIVE_IN_A_ROW");
        assertThat(json.get("toMove").isNull()).isTrue();
        assertThat(json.get("points").toString()).isEqualTo("{\"white\":5,\"black\":0}");
    }

    @Test
    void replayOfTheEmptyListIsTheStart() throws Exception {
        assertThat(run("# nothing yet\n", "replay")).isZero();
        JsonNode json = json();
        assertThat(json.get("ply").asInt()).isZero();
        assertThat(json.get("toMove").asText()).isEqualTo("WHITE");
    }

    @Test
    void replayAnnouncesTheLastMove() throws Exception {
        assertThat(run("K10 A19 C5 C19 D5 E19 E5", "replay")).isZero();
        assertThat(json().get("announcements").toString()).isEqualTo("[\"TRIA\"]");
    }

    @Test
    void illegalMovesReportTheirPlyAndExitTwo() throws Exception {
        String[][] cases = {
                {"K10 K10", "2", "occupied"},
                {"K10 Z5", "2", "not one of A-T"},
                {"K10 L10 K20", "3", "off the board"},
                {"A1", "1", "K10"},
                {"K10 A1 J12", "3", "three intersections"},
                {"K10 A19 C5 C19 D5 E19 E5 G19 F5 J19 G5 H5", "12", "over"},
                {"K10 L10 I8", "3", "no column I"},
        };
        for (String[] c : cases) {
            out.reset();
            assertThat(run(c[0], "replay")).as(c[0]).isEqualTo(2);
            JsonNode json = json();
            assertThat(json.get("ply").asInt()).as(c[0]).isEqualTo(Integer.parseInt(c[1]));
            assertThat(json.get("error").asText()).as(c[0]).contains(c[2]);
            assertThat(json.size()).isEqualTo(2);
        }
    }

    @Test
    void replayReadsAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.txt");
        Files.writeString(file, "K10\nL11\n");
        assertThat(run("", "replay", file.toString())).isZero();
        assertThat(json().get("ply").asInt()).isEqualTo(2);
        assertThat(run("", "replay", dir.resolve("missing").toString())).isEqualTo(66);
    }

    @Test
    void showDrawsTheBoardWithCoordinates() {
        assertThat(run("K10 L11", "show")).isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains(" A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T ");
        assertThat(text).doesNotContain(" I ");
        assertThat(text.lines().filter(l -> l.startsWith("10 ")).findFirst().orElseThrow()).contains(" W ");
        assertThat(text.lines().filter(l -> l.startsWith("11 ")).findFirst().orElseThrow()).contains("(B)");
        assertThat(text).contains("ply 2, WHITE to move");
    }

    @Test
    void replayDefaultsToPenteAndSaysSo() throws Exception {
        assertThat(run("K10 L10 A1 M10 N10", "replay")).isZero();
        JsonNode json = json();
        assertThat(json.get("variant").asText()).isEqualTo("PENTE");
        assertThat(json.get("capturedStones").toString()).isEqualTo("{\"white\":2,\"black\":0}");
    }

    @Test
    void replayAKeryoGameTakesATrio() throws Exception {
        String moves = "K10 L10 A1 M10 C1 N10 O10";
        assertThat(run(moves, "replay", "--variant", "keryo")).isZero();
        JsonNode json = json();
        assertThat(json.get("variant").asText()).isEqualTo("KERYO");
        assertThat(json.get("capturedPairs").toString()).isEqualTo("{\"white\":1,\"black\":0}");
        assertThat(json.get("capturedStones").toString()).isEqualTo("{\"white\":3,\"black\":0}");
        assertThat(json.get("points").toString()).isEqualTo("{\"white\":1,\"black\":0}");
        assertThat(json.get("board").get(9).asText()).isEqualTo(".........W...W.....");
        // The same moves in Pente take nothing.
        out.reset();
        assertThat(run(moves, "replay")).isZero();
        assertThat(json().get("capturedStones").toString()).isEqualTo("{\"white\":0,\"black\":0}");
    }

    @Test
    void replayAGomokuGameCapturesNothingAndHasNoTournamentRule() throws Exception {
        assertThat(run("K10 L10 A1 M10 N10 L11", "replay", "--variant=GOMOKU")).isZero();
        JsonNode json = json();
        assertThat(json.get("variant").asText()).isEqualTo("GOMOKU");
        assertThat(json.get("capturedPairs").toString()).isEqualTo("{\"white\":0,\"black\":0}");
        assertThat(json.get("board").get(9).asText()).isEqualTo(".........WBBW......");
        out.reset();
        assertThat(run("K10 A19 L11", "replay", "--variant", "gomoku")).isZero();
        assertThat(json().get("ply").asInt()).isEqualTo(3);
        out.reset();
        assertThat(run("K10 A19 L11", "replay")).isEqualTo(2);
    }

    @Test
    void theVariantMayFollowTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("keryo.txt");
        Files.writeString(file, "K10 L10 A1 M10 C1 N10 O10\n");
        assertThat(run("", "replay", file.toString(), "--variant", "keryo")).isZero();
        assertThat(json().get("capturedStones").get("white").asInt()).isEqualTo(3);
    }

    @Test
    void showNamesTheVariantAndTheStonesTowardsTheCaptureWin() {
        assertThat(run("K10 L10 A1 M10 C1 N10 O10", "show", "--variant", "keryo")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("keryo, ply 7, BLACK to move; captured stones: white 3/15, black 0/15");
    }

    @Test
    void aBadVariantIsAUsageError() {
        for (String[] args : new String[][]{{"replay", "--variant", "chess"}, {"replay", "--variant"}, {"show", "--variant=", "x"},
                {"replay", "--colour", "white"}, {"replay", "a.txt", "b.txt"}}) {
            err.reset();
            assertThat(run("K10", args)).as(String.join(" ", args)).isEqualTo(64);
            assertThat(err.toString(StandardCharsets.UTF_8)).as(String.join(" ", args)).contains("usage");
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unexpected argument 'b.txt'");
        assertThat(out.size()).isZero();
    }

    @Test
    void unknownCommandsPrintUsage() {
        assertThat(run("", "dance")).isEqualTo(64);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage");
        assertThat(out.size()).isZero();
    }
}
