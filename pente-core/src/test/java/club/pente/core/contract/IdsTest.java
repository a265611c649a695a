package club.pente.core.contract;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdsTest {
    @Test
    void anIdIsOneToSixtyFourPrintableAsciiCharacters() {
        assertThat(Ids.isId(Contracts.newId())).isTrue();
        assertThat(Ids.isId("a".repeat(64))).isTrue();
        assertThat(Ids.isId("a".repeat(65))).isFalse();
        assertThat(Ids.isId("")).isFalse();
        assertThat(Ids.isId(null)).isFalse();
        assertThat(Ids.isId("abc\u0000")).isFalse();
        assertThat(Ids.isId("a b")).isFalse();
        assertThat(Ids.isId("caf\u00e9")).isFalse();
        assertThat(Ids.isId("../q")).isTrue(); // shape only: paths are checked where paths are built
    }

    @Test
    void aTextPeopleSeeHasNoControlCharactersAndNoLoneSurrogate() {
        assertThat(Ids.isText("Ana Lía \uD83D\uDE00", 128)).isTrue();
        assertThat(Ids.isText("bad\u0000name", 128)).isFalse();
        assertThat(Ids.isText("line\nbreak", 128)).isFalse();
        assertThat(Ids.isText("lone \uD83D", 128)).isFalse();
        assertThat(Ids.isText("x".repeat(129), 128)).isFalse();
        assertThat(Ids.isText("   ", 128)).isFalse();
    }

    @Test
    void wrongJsonTypesAreRefusedNotCoerced() {
        String base = "{\"type\":\"PlayMove\",\"schemaVersion\":1,\"gameId\":\"g1\",\"playerId\":\"p\",\"point\":\"K10\",";
        assertThatThrownBy(() -> Contracts.json().readValue(base + "\"commandId\":7,\"expectedPly\":1}", GameCommand.class))
                .hasMessageContaining("commandId");
        assertThatThrownBy(() -> Contracts.json().readValue(base + "\"commandId\":\"c\",\"expectedPly\":\"1\"}", GameCommand.class))
                .hasMessageContaining("expectedPly");
        assertThatThrownBy(() -> Contracts.json().readValue(base + "\"commandId\":\"c\",\"expectedPly\":1.5}", GameCommand.class))
                .hasMessageContaining("expectedPly");
        record Count(Integer games) {
        }
        assertThatThrownBy(() -> Contracts.json().readValue("{\"games\":\"\\u0000\"}", Count.class)).hasMessageContaining("games");
        assertThatThrownBy(() -> Contracts.json().readValue("{\"games\":\"\"}", Count.class)).hasMessageContaining("games");
    }

    @Test
    void commandsRefuseIdsADatabaseWouldRefuse() {
        String tooLong = "c".repeat(65);
        assertThatThrownBy(() -> new PlayMove(1, tooLong, "g1", "p", 1, "K10", Contracts.now()))
                .hasMessageContaining("commandId");
        assertThatThrownBy(() -> new PlayMove(1, "c1", "g\u0000", "p", 1, "K10", Contracts.now()))
                .hasMessageContaining("gameId");
        assertThatThrownBy(() -> new PlayMove(1, "c1", "g1", "p", 1, "K10\u0000", Contracts.now()))
                .hasMessageContaining("point");
        assertThatThrownBy(() -> Abort.of("g1", "admin", "x".repeat(501))).hasMessageContaining("reason");
        assertThatThrownBy(() -> new PlayerRef("guest:1", "evil\u0000")).hasMessageContaining("player name");
        assertThatThrownBy(() -> new PlayerRef("p".repeat(129), "n")).hasMessageContaining("player id");
    }
}
