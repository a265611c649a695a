package club.pente.ai.engine.review;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class AnalyseCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String input, String... args) {
        out.reset();
        err.reset();
        AnalyseCli cli = new AnalyseCli(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return cli.run(args);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheBlunderAndTheSummaryAsText(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.txt");
        Files.writeString(file, "# a closed four ignored\nK10 K9 K13 L12\nK11, J12, K12\nA1 K14\n");
        assertThat(run("", file.toString(), "--nodes", "20000")).isEqualTo(0);
        String text = stdout();
        assertThat(text).containsPattern("(?m)^\\s+8 A1\\s+BLACK BLUNDER\\s+5000\\s+100%\\s+K14 ");
        assertThat(text).containsPattern("(?m)^\\s+9 K14\\s+WHITE BEST .*\\(forced win\\)$");
        assertThat(text).contains("First forced win: ply 9, WHITE with K14");
        assertThat(text).containsPattern("(?m)^BLACK accuracy .* blunders 1 ");
    }

    @Test
    void reviewsUnderTheVariantsRules() {
        // White's second stone on K11 breaks Pente's tournament rule, not Gomoku's.
        assertThat(run("K10 L11 K11 L12", "--nodes", "2000", "--variant", "gomoku", "--level", "5")).isEqualTo(0);
        assertThat(stdout()).containsPattern("(?m)^\\s+3 K11\\s+WHITE ");
        assertThat(run("K10 L11 K11 L12", "--nodes", "2000")).isEqualTo(65);
        assertThat(stderr()).contains("move 3");
        assertThat(run("K10", "--variant", "renju")).isEqualTo(64);
    }

    @Test
    void namesTheMissedWin() {
        assertThat(run(Games.FIVE_MISSED, "--nodes", "20000")).isEqualTo(0);
        assertThat(stdout()).contains("Missed win: ply 9, WHITE played A19 instead of K14");
        assertThat(stdout()).containsPattern("(?m)^\\s+9 A19 .*<- missed a forced win$");
    }

    @Test
    void printsTheSameJsonAsTheReviewer() throws Exception {
        assertThat(run(Games.FOUR_IGNORED, "--json", "--nodes", "20000", "--level", "7", "--seed", "3")).isEqualTo(0);
        String expected = new GameReviewer(ReviewOptions.nodes(7, 20_000), 3).review(Games.points(Games.FOUR_IGNORED)).toJson();
        assertThat(stdout().strip()).isEqualTo(expected);
        assertThat(new ObjectMapper().readTree(stdout()).get("moves").size()).isEqualTo(9);
    }

    @Test
    void exitCodes() {
        assertThat(run("K10", "--level", "4")).isEqualTo(64);
        assertThat(stderr()).contains("level").contains("usage: pente analyse");
        assertThat(run("K10", "--time-ms", "100", "--nodes", "100")).isEqualTo(64);
        assertThat(run("K10", "--nodes", "lots")).isEqualTo(64);
        assertThat(run("K10", "--time-ms")).isEqualTo(64);
        assertThat(run("K10", "--colour")).isEqualTo(64);
        assertThat(run("K10", "a.txt", "b.txt")).isEqualTo(64);

        assertThat(run("K10 L10 K11", "--nodes", "1000")).isEqualTo(65);
        assertThat(stderr()).contains("move 3").contains("K11");
        assertThat(run("K10 Z99", "--nodes", "1000")).isEqualTo(65);
        assertThat(stderr()).contains("move 2");
        assertThat(stdout()).isEmpty();

        assertThat(run("", "/no/such/game.txt")).isEqualTo(66);
        assertThat(run("", "--help")).isEqualTo(0);
        assertThat(stdout()).contains("usage: pente analyse");
    }
}
