package club.pente.ai.rest;

import club.pente.core.contract.Contracts;
import club.pente.core.rules.Variant;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalysisRequestTest {

    private static AnalysisRequest parse(String json) throws Exception {
        JsonNode body = json == null ? null : Contracts.json().readTree(json);
        return AnalysisRequest.parse(body);
    }

    private static void refused(String json, String error, String messagePart) {
        assertThatThrownBy(() -> parse(json)).isInstanceOf(AnalysisRequest.Invalid.class)
                .hasMessageContaining(messagePart)
                .satisfies(e -> assertThat(((AnalysisRequest.Invalid) e).error()).isEqualTo(error));
    }

    @Test
    void aMoveListOrAnArrayOfPointsWithDefaults() throws Exception {
        assertThat(parse("{\"moves\":\"K10 L11, N10\"}")).isEqualTo(new AnalysisRequest(List.of("K10", "L11", "N10"), 8, null));
        assertThat(parse("{\"moves\":[\"K10\",\"L11\"],\"level\":3,\"timeMs\":250}"))
                .isEqualTo(new AnalysisRequest(List.of("K10", "L11"), 3, Duration.ofMillis(250)));
        assertThat(parse("{\"moves\":\"\",\"level\":null,\"timeMs\":null}")).isEqualTo(new AnalysisRequest(List.of(), 8, null));
    }

    @Test
    void everyFieldIsCheckedWithAPreciseReason() {
        refused(null, "MISSING_MOVES", "the body must be JSON");
        refused("[1,2]", "BAD_REQUEST", "JSON object");
        refused("{\"level\":3}", "MISSING_MOVES", "moves is required");
        refused("{\"moves\":\"K10\",\"depth\":99}", "UNKNOWN_FIELD", "unknown field 'depth'");
        refused("{\"moves\":\"K10\",\"x\\u0000y\":1}", "UNKNOWN_FIELD", "unknown field 'x?y'");
        refused("{\"moves\":42}", "BAD_MOVES", "move list string or an array");
        refused("{\"moves\":[\"K10\",7]}", "BAD_MOVES", "move 2 is not a point");
        refused("{\"moves\":\"K10 L11 K10\\u0000\"}", "BAD_MOVES", "move 3 is not a point");
        refused("{\"moves\":\"K10 é9\"}", "BAD_MOVES", "move 2 is not a point");
        refused("{\"moves\":\"K10 LONGPOINT\"}", "BAD_MOVES", "move 2 is not a point");
        refused("{\"moves\":\"" + "K10 ".repeat(AnalysisRequest.MAX_MOVES + 1) + "\"}", "TOO_MANY_MOVES", "at most 500 moves");
        refused("{\"moves\":\"" + " ".repeat(AnalysisRequest.MAX_MOVES_TEXT + 1) + "\"}", "TOO_MANY_MOVES", "characters");
        refused("{\"moves\":[" + "\"K10\",".repeat(AnalysisRequest.MAX_MOVES) + "\"K10\"]}", "TOO_MANY_MOVES", "at most 500 moves");
        for (String level : List.of("0", "9", "-1", "2.5", "\"3\"", "true", "99999999999")) {
            refused("{\"moves\":\"K10\",\"level\":" + level + "}", "BAD_LEVEL", "level must be a whole number from 1 to 8");
        }
        for (String time : List.of("0", "10001", "-5", "1.5", "\"100\"", "{}")) {
            refused("{\"moves\":\"K10\",\"timeMs\":" + time + "}", "BAD_TIME", "timeMs must be a whole number from 1 to 10000");
        }
    }

    @Test
    void anOptionalVariantForAnalysesAndReviews() throws Exception {
        assertThat(parse("{\"moves\":\"K10\"}").variant()).isEqualTo(Variant.PENTE);
        assertThat(parse("{\"moves\":\"K10\",\"variant\":\"keryo\"}").variant()).isEqualTo(Variant.KERYO);
        assertThat(parse("{\"moves\":\"K10\",\"variant\":\"GOMOKU\"}").variant()).isEqualTo(Variant.GOMOKU);
        assertThat(parse("{\"moves\":\"K10\",\"variant\":null}").variant()).isEqualTo(Variant.PENTE);
        for (String bad : List.of("\"chess\"", "\"\"", "\"   \"", "3", "true", "[\"keryo\"]", "\"" + "k".repeat(17) + "\"",
                "\"keryo\\u0000\"")) {
            refused("{\"moves\":\"K10\",\"variant\":" + bad + "}", "BAD_VARIANT", "variant");
        }
        ReviewRequest review = ReviewRequest.parse(Contracts.json().readTree("{\"moves\":\"K10 L11\",\"variant\":\"Keryo\"}"));
        assertThat(review).isEqualTo(new ReviewRequest(List.of("K10", "L11"), 8, Variant.KERYO));
        assertThat(ReviewRequest.parse(Contracts.json().readTree("{\"moves\":\"K10\"}")).variant()).isEqualTo(Variant.PENTE);
        assertThatThrownBy(() -> ReviewRequest.parse(Contracts.json().readTree("{\"moves\":\"K10\",\"variant\":\"renju\"}")))
                .isInstanceOf(AnalysisRequest.Invalid.class)
                .satisfies(e -> assertThat(((AnalysisRequest.Invalid) e).error()).isEqualTo("BAD_VARIANT"));
    }
}
