package club.pente.ai.engine.cli;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class MoveCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String input, String... args) {
        MoveCli cli = new MoveCli(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return cli.run(args);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void printsALegalMoveInNotation() {
        assertThat(run("K10 L10 # two moves\n", "--level", "3", "--time-ms", "100")).isEqualTo(0);
        Position position = Position.of(Notation.parse("K10"), Notation.parse("L10"));
        assertThat(position.check(Notation.parse(stdout()))).isNull();
    }

    @Test
    void playsTheVariantGiven() {
        // L13 takes the trio L10-L12 in Keryo, so Black's L11 again is legal there (and occupied in Pente).
        String keryo = "K10 L10 N13 L11 L9 L12 L13 L11";
        assertThat(run(keryo, "--level", "4", "--time-ms", "100", "--variant", "keryo")).isEqualTo(0);
        Position position = Position.of(club.pente.core.rules.Variant.KERYO, java.util.Arrays.stream(keryo.split(" "))
                .mapToInt(Notation::parse).toArray());
        assertThat(position.check(Notation.parse(stdout()))).isNull();
        out.reset();
        assertThat(run(keryo, "--level", "4", "--time-ms", "100")).isEqualTo(2);
        assertThat(run(keryo, "--level", "4", "--variant", "chess")).isEqualTo(64);
    }

    @Test
    void printsJson() throws Exception {
        assertThat(run("K10 L10 O10 M10 N10 N11", "--level", "8", "--time-ms", "300", "--json")).isEqualTo(0);
        JsonNode json = new ObjectMapper().readTree(stdout());
        assertThat(json.fieldNames()).toIterable().containsExactly("move", "score", "depth", "nodes", "pv", "timeMs");
        assertThat(json.get("pv").get(0).asText()).isEqualTo(json.get("move").asText());
        assertThat(json.get("timeMs").asLong()).isLessThan(1_000);
    }

    @Test
    void reportsTheFirstIllegalMove() throws Exception {
        assertThat(run("K10 L10 K11", "--level", "2")).isEqualTo(2);
        JsonNode json = new ObjectMapper().readTree(stdout());
        assertThat(json.get("ply").asInt()).isEqualTo(3);
        assertThat(json.get("error").asText()).contains("K11");

        out.reset();
        assertThat(run("K10 Z99", "--level", "2")).isEqualTo(2);
        assertThat(new ObjectMapper().readTree(stdout()).get("ply").asInt()).isEqualTo(2);
    }

    @Test
    void refusesAFinishedGame() throws Exception {
        // White: K10 O10 O11 O12 O13 O14 (five on column O); Black plays far away.
        assertThat(run("K10 A1 O10 A3 O11 A5 O12 A7 O13 A9 O14", "--level", "4")).isEqualTo(2);
        JsonNode json = new ObjectMapper().readTree(stdout());
        assertThat(json.get("error").asText()).contains("over");
    }

    @Test
    void explainsUsage() {
        assertThat(run("", "--time-ms", "10")).isEqualTo(64);
        assertThat(run("", "--level", "10")).isEqualTo(64);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: pente move");
    }
}
