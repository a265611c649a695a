package club.pente.gateway.ws.protocol;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PostChat;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Socket frames in and out, without a socket: what is read, what is refused and why, what is written. */
class SocketCodecTest {

    private static ClientFrame game(String json) throws BadFrame {
        return SocketCodec.decode(json, SocketKind.GAME);
    }

    private static void refused(String json, SocketKind socket, BadFrame.Kind kind, String reason) {
        String shown = json == null || json.length() < 120 ? json : json.substring(0, 120) + "...";
        assertThatThrownBy(() -> SocketCodec.decode(json, socket)).as(shown).isInstanceOf(BadFrame.class)
                .hasMessage(reason).extracting(e -> ((BadFrame) e).kind()).isEqualTo(kind);
    }

    @Test
    void everyFrameABrowserMaySendIsRead() throws Exception {
        assertThat(game("{\"type\":\"auth\",\"token\":\"a.b.c\"}")).isEqualTo(new ClientFrame.Auth("a.b.c"));
        assertThat(game("{\"type\":\"ping\"}")).isEqualTo(new ClientFrame.Ping());
        assertThat(game("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":3,\"commandId\":\"c-1\",\"playerId\":\"x\"}"))
                .isEqualTo(new ClientFrame.Move("K10", 3, "c-1"));
        assertThat(game("{\"type\":\"resign\",\"commandId\":\"r-1\"}")).isEqualTo(new ClientFrame.Resign("r-1"));
        assertThat(SocketCodec.decode("{\"type\":\"auth\",\"token\":\"t\"}", SocketKind.LOBBY)).isEqualTo(new ClientFrame.Auth("t"));
        assertThat(SocketCodec.decode("{\"type\":\"ping\"}", SocketKind.LOBBY)).isEqualTo(new ClientFrame.Ping());
    }

    @Test
    void aCommandWithoutItsOwnIdGetsAFreshOne() throws Exception {
        String first = ((ClientFrame.Move) game("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1}")).commandId();
        String second = ((ClientFrame.Move) game("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1,\"commandId\":null}")).commandId();
        assertThat(first).hasSize(36).isNotEqualTo(second);
        assertThat(((ClientFrame.Resign) game("{\"type\":\"resign\"}")).commandId()).hasSize(36);
    }

    @Test
    void framesThatAreNoObjectWithAStringTypeAreUnreadable() {
        for (String json : List.of("[1]", "\"auth\"", "5", "null", "{", "", "not json")) {
            refused(json, SocketKind.GAME, BadFrame.Kind.UNREADABLE, "messages are JSON objects with a type");
        }
        for (String json : List.of("{}", "{\"type\":5}", "{\"type\":[\"move\"]}", "{\"type\":\"\"}", "{\"type\":null}",
                "{\"type\":\"" + "m".repeat(33) + "\"}")) {
            refused(json, SocketKind.GAME, BadFrame.Kind.UNREADABLE, "a message needs a type, as a string");
        }
    }

    @Test
    void aFrameOverTheSizeLimitIsRefusedBeforeItIsParsed() {
        String padded = "{\"type\":\"ping\",\"pad\":\"" + "x".repeat(SocketCodec.MAX_FRAME) + "\"}";
        refused(padded, SocketKind.GAME, BadFrame.Kind.UNREADABLE, "messages are JSON objects with a type");
        refused(null, SocketKind.GAME, BadFrame.Kind.UNREADABLE, "messages are JSON objects with a type");
    }

    @Test
    void eachSocketTakesOnlyItsOwnTypes() {
        refused("{\"type\":\"shout\"}", SocketKind.GAME, BadFrame.Kind.UNKNOWN_TYPE, "unknown message type");
        // The lobby plays nothing: a move there is unknown, however well or badly formed.
        refused("{\"type\":\"move\",\"point\":\"K10\",\"expectedPly\":1}", SocketKind.LOBBY, BadFrame.Kind.UNKNOWN_TYPE,
                "unknown message type");
        refused("{\"type\":\"move\",\"point\":7}", SocketKind.LOBBY, BadFrame.Kind.UNKNOWN_TYPE, "unknown message type");
        refused("{\"type\":\"resign\"}", SocketKind.LOBBY, BadFrame.Kind.UNKNOWN_TYPE, "unknown message type");
    }

    @Test
    void tokensAreNonBlankStringsOfBoundedLength() {
        String reason = "auth needs a token, as a string";
        for (String json : List.of("{\"type\":\"auth\"}", "{\"type\":\"auth\",\"token\":{}}", "{\"type\":\"auth\",\"token\":7}",
                "{\"type\":\"auth\",\"token\":\"  \"}", "{\"type\":\"auth\",\"token\":\"" + "t".repeat(SocketCodec.MAX_TOKEN + 1) + "\"}")) {
            refused(json, SocketKind.GAME, BadFrame.Kind.BAD_FIELD, reason);
            refused(json, SocketKind.LOBBY, BadFrame.Kind.BAD_FIELD, reason);
        }
    }

    @Test
    void wrongTypesAndBadIdsInAMoveAreRefusedWithTheReason() {
        String id = "a commandId is a string of 1 to 64 printable ASCII characters";
        String point = "a move needs a point such as K10, as a string";
        String ply = "a move needs the expectedPly, a whole number of 1 or more";
        String[][] bad = {
                {"\"point\":\"K10\",\"expectedPly\":1,\"commandId\":{\"a\":1}", id},
                {"\"point\":\"K10\",\"expectedPly\":1,\"commandId\":7", id},
                {"\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"" + "c".repeat(65) + "\"", id},
                {"\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"a\\u0000b\"", id},
                {"\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"a b\"", id},
                {"\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"\"", id},
                {"\"point\":10,\"expectedPly\":1", point},
                {"\"point\":\"K10\\u0000\",\"expectedPly\":1", point},
                {"\"point\":\"\",\"expectedPly\":1", point},
                {"\"expectedPly\":1", point},
                {"\"point\":\"K10\",\"expectedPly\":\"1\"", ply},
                {"\"point\":\"K10\",\"expectedPly\":1.5", ply},
                {"\"point\":\"K10\",\"expectedPly\":0", ply},
                {"\"point\":\"K10\",\"expectedPly\":-3", ply},
                {"\"point\":\"K10\",\"expectedPly\":4294967297", ply},
                {"\"point\":\"K10\"", ply}};
        for (String[] frame : bad) {
            refused("{\"type\":\"move\"," + frame[0] + "}", SocketKind.GAME, BadFrame.Kind.BAD_FIELD, frame[1]);
        }
        refused("{\"type\":\"resign\",\"commandId\":[]}", SocketKind.GAME, BadFrame.Kind.BAD_FIELD, id);
    }

    @Test
    void theTablesFramesAreRead() throws Exception {
        assertThat(game("{\"type\":\"offer\",\"kind\":\"DRAW\",\"commandId\":\"o-1\",\"playerId\":\"someone-else\"}"))
                .isEqualTo(new ClientFrame.Offer(OfferKind.DRAW, "o-1"));
        assertThat(game("{\"type\":\"offer\",\"kind\":\"TAKEBACK\",\"commandId\":\"o-2\"}"))
                .isEqualTo(new ClientFrame.Offer(OfferKind.TAKEBACK, "o-2"));
        assertThat(game("{\"type\":\"answer\",\"kind\":\"DRAW\",\"accept\":true,\"commandId\":\"a-1\"}"))
                .isEqualTo(new ClientFrame.Answer(OfferKind.DRAW, true, "a-1"));
        assertThat(game("{\"type\":\"answer\",\"kind\":\"TAKEBACK\",\"accept\":false,\"commandId\":\"a-2\"}"))
                .isEqualTo(new ClientFrame.Answer(OfferKind.TAKEBACK, false, "a-2"));
        assertThat(game("{\"type\":\"abort\",\"commandId\":\"b-1\"}")).isEqualTo(new ClientFrame.Abort("b-1"));
        assertThat(game("{\"type\":\"claim\",\"commandId\":\"c-1\"}")).isEqualTo(new ClientFrame.Claim("c-1"));
        // The channel and author a client names are ignored: the gateway chooses them from the verified identity.
        assertThat(game("{\"type\":\"chat\",\"text\":\"gg, well played \u00e9\u4e2d\ud83d\ude00\ud83d\udc69\u200d\ud83d\udcbb\",\"commandId\":\"t-1\",\"channel\":\"PLAYERS\",\"authorId\":\"x\"}"))
                .isEqualTo(new ClientFrame.Chat("gg, well played \u00e9\u4e2d\ud83d\ude00\ud83d\udc69\u200d\ud83d\udcbb", "t-1"));
        String longest = "x".repeat(PostChat.MAX_TEXT);
        assertThat(((ClientFrame.Chat) game("{\"type\":\"chat\",\"text\":\"" + longest + "\"}")).text()).isEqualTo(longest);
        assertThat(((ClientFrame.Abort) game("{\"type\":\"abort\"}")).commandId()).hasSize(36);
        assertThat(((ClientFrame.Chat) game("{\"type\":\"chat\",\"text\":\"hi\"}")).commandId()).hasSize(36);
    }

    @Test
    void theTablesFramesWithHostileValuesAreRefusedWithTheReason() {
        String offerKind = "an offer needs a kind, \"DRAW\" or \"TAKEBACK\"";
        String answerKind = "an answer needs a kind, \"DRAW\" or \"TAKEBACK\"";
        String accept = "an answer needs accept, true or false";
        String text = "a chat message is a text of 1 to 300 characters on one line, without control or format characters";
        String id = "a commandId is a string of 1 to 64 printable ASCII characters";
        String[][] bad = {
                {"{\"type\":\"offer\"}", offerKind},
                {"{\"type\":\"offer\",\"kind\":\"draw\"}", offerKind},
                {"{\"type\":\"offer\",\"kind\":\"RESIGN\"}", offerKind},
                {"{\"type\":\"offer\",\"kind\":0}", offerKind},
                {"{\"type\":\"offer\",\"kind\":[\"DRAW\"]}", offerKind},
                {"{\"type\":\"offer\",\"kind\":null}", offerKind},
                {"{\"type\":\"offer\",\"kind\":\"DRAW\\u0000\"}", offerKind},
                {"{\"type\":\"offer\",\"kind\":\" DRAW\"}", offerKind},
                {"{\"type\":\"offer\",\"kind\":\"DRAW\",\"commandId\":\"a b\"}", id},
                {"{\"type\":\"answer\",\"accept\":true}", answerKind},
                {"{\"type\":\"answer\",\"kind\":\"DRAW\"}", accept},
                {"{\"type\":\"answer\",\"kind\":\"DRAW\",\"accept\":\"true\"}", accept},
                {"{\"type\":\"answer\",\"kind\":\"DRAW\",\"accept\":1}", accept},
                {"{\"type\":\"answer\",\"kind\":\"DRAW\",\"accept\":null}", accept},
                {"{\"type\":\"answer\",\"kind\":\"DRAW\",\"accept\":{}}", accept},
                {"{\"type\":\"answer\",\"kind\":\"TAKEBACK\",\"accept\":false,\"commandId\":7}", id},
                {"{\"type\":\"abort\",\"commandId\":{}}", id},
                {"{\"type\":\"claim\",\"commandId\":\"" + "c".repeat(65) + "\"}", id},
                {"{\"type\":\"chat\"}", text},
                {"{\"type\":\"chat\",\"text\":\"\"}", text},
                {"{\"type\":\"chat\",\"text\":\"   \"}", text},
                {"{\"type\":\"chat\",\"text\":null}", text},
                {"{\"type\":\"chat\",\"text\":42}", text},
                {"{\"type\":\"chat\",\"text\":[\"hi\"]}", text},
                {"{\"type\":\"chat\",\"text\":{\"text\":\"hi\"}}", text},
                {"{\"type\":\"chat\",\"text\":\"" + "x".repeat(PostChat.MAX_TEXT + 1) + "\"}", text},
                {"{\"type\":\"chat\",\"text\":\"hi\\u0000there\"}", text},
                {"{\"type\":\"chat\",\"text\":\"two\\nlines\"}", text},
                {"{\"type\":\"chat\",\"text\":\"tab\\there\"}", text},
                {"{\"type\":\"chat\",\"text\":\"bell\\u0007\"}", text},
                {"{\"type\":\"chat\",\"text\":\"c1\\u009b31m\"}", text},
                {"{\"type\":\"chat\",\"text\":\"lone \\ud800 surrogate\"}", text},
                {"{\"type\":\"chat\",\"text\":\"gg\\u2028bob: I resign\"}", text},
                {"{\"type\":\"chat\",\"text\":\"para\\u2029graph\"}", text},
                {"{\"type\":\"chat\",\"text\":\"\\u202egnissim\"}", text},
                {"{\"type\":\"chat\",\"text\":\"zero\\u200bwidth\"}", text},
                {"{\"type\":\"chat\",\"text\":\"hi\",\"commandId\":\"\"}", id}};
        for (String[] frame : bad) {
            refused(frame[0], SocketKind.GAME, BadFrame.Kind.BAD_FIELD, frame[1]);
        }
        // The lobby takes none of them.
        for (String type : List.of("offer", "answer", "abort", "claim", "chat")) {
            refused("{\"type\":\"" + type + "\",\"kind\":\"DRAW\",\"accept\":true,\"text\":\"hi\"}", SocketKind.LOBBY,
                    BadFrame.Kind.UNKNOWN_TYPE, "unknown message type");
        }
    }

    @Test
    void theTablesServerFramesAreWritten() {
        assertThat(SocketCodec.encode(new ServerFrame.Error("slow down", "CHAT_TOO_FAST", 2000L)))
                .isEqualTo("{\"type\":\"error\",\"message\":\"slow down\",\"code\":\"CHAT_TOO_FAST\",\"retryAfterMillis\":2000}");
        assertThat(SocketCodec.encode(new ServerFrame.Error("who?", "SIGN_IN")))
                .isEqualTo("{\"type\":\"error\",\"message\":\"who?\",\"code\":\"SIGN_IN\"}");
        assertThat(SocketCodec.encode(new ServerFrame.PlayerPresence(new ServerFrame.PlayerPresence.Seat(true, 0),
                new ServerFrame.PlayerPresence.Seat(false, 12345), 60000)))
                .isEqualTo("{\"type\":\"presence\",\"white\":{\"connected\":true,\"absentMillis\":0},"
                        + "\"black\":{\"connected\":false,\"absentMillis\":12345},\"abandonAfterMillis\":60000}");
    }

    @Test
    void serverFramesAreWrittenAsBeforeTypeFirst() {
        assertThat(SocketCodec.encode(new ServerFrame.Pong())).isEqualTo("{\"type\":\"pong\"}");
        assertThat(SocketCodec.encode(new ServerFrame.Error("no"))).isEqualTo("{\"type\":\"error\",\"message\":\"no\"}");
        assertThat(SocketCodec.encode(new ServerFrame.Ack("c-1"))).isEqualTo("{\"type\":\"ack\",\"commandId\":\"c-1\"}");
        assertThat(SocketCodec.encode(new ServerFrame.Spectators(7))).isEqualTo("{\"type\":\"spectators\",\"count\":7}");
        assertThat(SocketCodec.encode(new ServerFrame.Resumed(12, 3))).isEqualTo("{\"type\":\"resumed\",\"from\":12,\"events\":3}");
        assertThat(SocketCodec.encode(new ServerFrame.GameWelcome("guest:1", "Ann", true)))
                .isEqualTo("{\"type\":\"welcome\",\"playerId\":\"guest:1\",\"name\":\"Ann\",\"player\":true}");
        assertThat(SocketCodec.encode(new ServerFrame.LobbyWelcome("u-1", null, false)))
                .isEqualTo("{\"type\":\"welcome\",\"playerId\":\"u-1\",\"name\":null,\"guest\":false}");
        assertThat(SocketCodec.encode(new ServerFrame.Lobby(3, 1, Contracts.json().createArrayNode())))
                .isEqualTo("{\"type\":\"lobby\",\"online\":3,\"searching\":1,\"liveGames\":[]}");
        assertThat(SocketCodec.encode(new ServerFrame.Notification(SocketCodec.tree("{\"type\":\"GameReady\", \"gameId\":\"g\"}"))))
                .isEqualTo("{\"type\":\"notification\",\"event\":{\"type\":\"GameReady\",\"gameId\":\"g\"}}");
        assertThat(SocketCodec.encode(new ServerFrame.Rejected(SocketCodec.tree("not json"))))
                .isEqualTo("{\"type\":\"rejected\",\"event\":{}}");
    }

    @Test
    void jsonFromTheGameServiceIsPassedThroughAsWritten() {
        String event = "{\"type\":\"MovePlayed\",\"version\":3,\"point\":\"L11\"}";
        assertThat(SocketCodec.encode(new ServerFrame.Event(event))).isEqualTo("{\"type\":\"event\",\"event\":" + event + "}");
        String game = "{\"id\":\"g\",\"version\":2}";
        assertThat(SocketCodec.encode(new ServerFrame.Snapshot(game, 4)))
                .isEqualTo("{\"type\":\"snapshot\",\"game\":" + game + ",\"spectators\":4}");
        // An event stream's snapshot has no count.
        assertThat(SocketCodec.encode(new ServerFrame.Snapshot(game, null))).isEqualTo("{\"type\":\"snapshot\",\"game\":" + game + "}");
    }
}
