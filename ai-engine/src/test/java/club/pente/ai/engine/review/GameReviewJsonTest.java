package club.pente.ai.engine.review;

import club.pente.core.notation.Notation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GameReview.toJson against the contract: field names in order, types and ranges, read back by Jackson. */
class GameReviewJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> CLASSES = Arrays.stream(MoveClass.values()).map(Enum::name).toList();

    @Test
    void theReviewHasTheContractsShape() throws Exception {
        GameReview review = new GameReviewer(ReviewOptions.nodes(8, 20_000), 1).review(Games.points(Games.FIVE_MISSED));
        JsonNode json = JSON.readTree(review.toJson());

        assertThat(json.fieldNames()).toIterable().containsExactly("level", "millisPerPly", "moves", "summary", "firstWin");
        assertThat(json.get("level").isInt()).isTrue();
        assertThat(json.get("level").asInt()).isEqualTo(8);
        assertThat(json.get("millisPerPly").isIntegralNumber()).isTrue();
        assertThat(json.get("moves").size()).isEqualTo(10);
        int ply = 0;
        for (JsonNode m : json.get("moves")) {
            ply++;
            assertThat(m.fieldNames()).toIterable().containsExactly("ply", "move", "color", "evalWhite", "winChanceWhite",
                    "best", "line", "bestEvalWhite", "class", "winAvailable", "missedWin");
            assertThat(m.get("ply").asInt()).isEqualTo(ply);
            assertThat(m.get("move").isTextual()).isTrue();
            assertThat(Notation.format(Notation.parse(m.get("move").asText()))).isEqualTo(m.get("move").asText());
            assertThat(m.get("color").asText()).isEqualTo(ply % 2 == 1 ? "WHITE" : "BLACK");
            assertThat(m.get("evalWhite").isInt()).isTrue();
            assertThat(m.get("evalWhite").asInt()).isBetween(-5000, 5000);
            assertThat(m.get("winChanceWhite").isNumber()).isTrue();
            double chance = m.get("winChanceWhite").asDouble();
            assertThat(chance).isBetween(0.0, 1.0);
            assertThat(chance == 1.0).isEqualTo(m.get("evalWhite").asInt() == 5000);
            assertThat(chance == 0.0).isEqualTo(m.get("evalWhite").asInt() == -5000);
            assertThat(m.get("best").isTextual()).isTrue();
            assertThat(m.get("line").isArray()).isTrue();
            assertThat(m.get("line").size()).isPositive();
            assertThat(m.get("line").get(0).asText()).isEqualTo(m.get("best").asText());
            m.get("line").forEach(point -> assertThat(point.isTextual()).isTrue());
            assertThat(m.get("bestEvalWhite").isInt()).isTrue();
            assertThat(m.get("class").asText()).isIn(CLASSES);
            assertThat(m.get("winAvailable").isBoolean()).isTrue();
            assertThat(m.get("missedWin").isBoolean()).isTrue();
        }
        JsonNode missed = json.get("moves").get(8);
        assertThat(missed.get("move").asText()).isEqualTo("A19");
        assertThat(missed.get("best").asText()).isEqualTo("K14");
        assertThat(missed.get("missedWin").asBoolean()).isTrue();

        JsonNode summary = json.get("summary");
        assertThat(summary.fieldNames()).toIterable().containsExactly("WHITE", "BLACK");
        for (JsonNode side : summary) {
            assertThat(side.fieldNames()).toIterable()
                    .containsExactly("inaccuracies", "mistakes", "blunders", "missedWins", "accuracy");
            assertThat(side.get("blunders").isInt()).isTrue();
            assertThat(side.get("accuracy").isNumber()).isTrue();
            assertThat(side.get("accuracy").asDouble()).isBetween(0.0, 100.0);
        }
        assertThat(summary.get("WHITE").get("missedWins").asInt()).isEqualTo(1);
        assertThat(json.get("firstWin").fieldNames()).toIterable().containsExactly("ply", "color", "move");
        assertThat(json.get("firstWin").get("ply").asInt()).isEqualTo(9);
        assertThat(json.get("firstWin").get("color").asText()).isEqualTo("WHITE");
        assertThat(json.get("firstWin").get("move").asText()).isEqualTo("K14");
    }

    @Test
    void noForcedWinIsNullAndTheTimeIsReported() throws Exception {
        GameReview review = new GameReviewer(ReviewOptions.millis(6, 40), 1).review(Games.points("K10 L11"));
        JsonNode json = JSON.readTree(review.toJson());
        assertThat(json.get("millisPerPly").asLong()).isEqualTo(40);
        assertThat(json.get("firstWin").isNull()).isTrue();
        assertThat(json.get("moves").size()).isEqualTo(2);
    }

    @Test
    void decimalsNeverUseExponents() {
        assertThat(GameReview.decimal(0.0000001, 3)).isEqualTo("0.0");
        assertThat(GameReview.decimal(1.0, 3)).isEqualTo("1.0");
        assertThat(GameReview.decimal(0.5249, 3)).isEqualTo("0.525");
        assertThat(GameReview.decimal(87.46, 1)).isEqualTo("87.5");
        assertThat(GameReview.decimal(-0.00001, 1)).isEqualTo("0.0");
    }
}
