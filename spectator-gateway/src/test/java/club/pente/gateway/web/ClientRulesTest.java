package club.pente.gateway.web;

import club.pente.gateway.rest.ClientConfigResource;
import club.pente.gateway.rest.ClientConfigResource.Opening;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The opening rules the web client is given (GET /api/config, "rules") are pente-core's: the first stone
 * on K10 only, White's second stone outside H8-M12, nothing restricted after that.
 */
class ClientRulesTest {

    @Test
    void theClientIsToldTheOpeningRulesOfTheCore() {
        ClientConfigResource.Rules rules = ClientConfigResource.rules();
        assertThat(rules.boardSize()).isEqualTo(19);
        assertThat(rules.centre()).isEqualTo("K10");
        assertThat(rules.opening()).extracting(Opening::ply).containsExactly(1, 3);

        Opening first = rules.opening().get(0);
        assertThat(first.reason()).isEqualTo("FIRST_MOVE_NOT_CENTRE");
        assertThat(first.allowed()).containsExactly("K10");
        assertThat(first.refused()).isNull();

        Opening third = rules.opening().get(1);
        assertThat(third.reason()).isEqualTo("TOURNAMENT_RULE");
        assertThat(third.allowed()).isNull();
        // The 5x5 square around the centre, less the centre's own stone.
        List<String> square = new ArrayList<>();
        for (String column : List.of("H", "J", "K", "L", "M")) {
            for (int row = 8; row <= 12; row++) {
                if (!(column.equals("K") && row == 10)) {
                    square.add(column + row);
                }
            }
        }
        assertThat(third.refused()).containsExactlyInAnyOrderElementsOf(square);
    }
}
