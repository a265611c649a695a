package club.pente.messaging;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TypeHeaderTest {
    private final TypeHeader header = new TypeHeader("pente-event-type", List.of("GameStarted", "GameEnded"));

    private static RecordHeaders with(String value) {
        RecordHeaders headers = new RecordHeaders();
        headers.add("other", "GameEnded".getBytes(StandardCharsets.UTF_8));
        if (value != null) {
            headers.add("pente-event-type", value.getBytes(StandardCharsets.UTF_8));
        }
        return headers;
    }

    @Test
    void namesTheHandledTypeOrOtherOrAbsent() {
        assertThat(header.match(with("GameStarted"))).isEqualTo(0);
        assertThat(header.match(with("GameEnded"))).isEqualTo(1);
        assertThat(header.match(with("MovePlayed"))).isEqualTo(TypeHeader.OTHER);
        assertThat(header.match(with("gameended"))).isEqualTo(TypeHeader.OTHER);
        assertThat(header.match(with("GameEnded "))).isEqualTo(TypeHeader.OTHER);
        assertThat(header.match(with(null))).isEqualTo(TypeHeader.ABSENT);
        assertThat(header.match(null)).isEqualTo(TypeHeader.ABSENT);
        RecordHeaders empty = new RecordHeaders();
        empty.add("pente-event-type", null);
        assertThat(header.match(empty)).isEqualTo(TypeHeader.ABSENT);
    }

    @Test
    void onlyAnotherNamedTypeIsSkipped() {
        assertThat(header.skips(with("MovePlayed"))).isTrue();
        assertThat(header.skips(with("GameEnded"))).isFalse();
        assertThat(header.skips(with(null))).as("no header: the value must be read").isFalse();
    }

    @Test
    void theLastHeaderCounts() {
        RecordHeaders headers = with("MovePlayed");
        headers.add("pente-event-type", "GameEnded".getBytes(StandardCharsets.UTF_8));
        assertThat(header.match(headers)).isEqualTo(1);
    }
}
