package club.pente.gateway.ws;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SocketMessagesTest {

    private static SocketMessages.Move move(String json) throws SocketMessages.BadMessage {
        return SocketMessages.move(SocketMessages.parse(json));
    }

    @Test
    void aWellFormedMoveIsRead() throws Exception {
        SocketMessages.Move move = move("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":3,\"commandId\":\"c-1\",\"playerId\":\"x\"}");
        assertThat(move).isEqualTo(new SocketMessages.Move("K10", 3, "c-1"));
        assertThat(move("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1}").commandId()).hasSize(36);
        assertThat(move("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":null}").commandId()).hasSize(36);
    }

    @Test
    void wrongTypesAndBadIdsAreRefusedWithTheReason() {
        String[] bad = {
                "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":{\"a\":1}}",
                "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":7}",
                "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"" + "c".repeat(65) + "\"}",
                "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"a\\u0000b\"}",
                "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"a b\"}",
                "{\"point\":10,\"expectedPly\":1}",
                "{\"point\":\"K10\\u0000\",\"expectedPly\":1}",
                "{\"expectedPly\":1}",
                "{\"point\":\"K10\",\"expectedPly\":\"1\"}",
                "{\"point\":\"K10\",\"expectedPly\":1.5}",
                "{\"point\":\"K10\",\"expectedPly\":0}",
                "{\"point\":\"K10\",\"expectedPly\":4294967297}",
                "{\"point\":\"K10\"}"};
        for (String json : bad) {
            assertThatThrownBy(() -> move(json)).as(json).isInstanceOf(SocketMessages.BadMessage.class).hasMessageContaining("a ");
        }
    }

    @Test
    void messagesAreObjectsWithAStringTypeAndTokensAreStrings() throws Exception {
        for (String json : new String[] {"[1]", "\"auth\"", "5", "null", "{", "{\"type\":5}", "{\"type\":[\"move\"]}", "{\"type\":\"\"}"}) {
            assertThatThrownBy(() -> SocketMessages.type(SocketMessages.parse(json))).as(json).isInstanceOf(SocketMessages.BadMessage.class);
        }
        assertThat(SocketMessages.type(SocketMessages.parse("{\"type\":\"auth\"}"))).isEqualTo("auth");
        assertThatThrownBy(() -> SocketMessages.token(SocketMessages.parse("{\"type\":\"auth\",\"token\":{}}")))
                .isInstanceOf(SocketMessages.BadMessage.class);
        assertThat(SocketMessages.token(SocketMessages.parse("{\"type\":\"auth\",\"token\":\"a.b.c\"}"))).isEqualTo("a.b.c");
    }
}
