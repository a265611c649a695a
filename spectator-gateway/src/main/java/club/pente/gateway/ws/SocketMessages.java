package club.pente.gateway.ws;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.Ids;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a browser may send on a socket, checked field by field before anything is built from it: a JSON
 * object with a string {@code type}; {@code auth} with a string {@code token}; {@code move} with a point
 * ({@link Ids#isPoint}), an integer {@code expectedPly} of 1 or more and optionally a {@code commandId}
 * ({@link Ids#isId}); {@code resign} optionally with a {@code commandId}. Fields of the wrong type are
 * refused with the reason, never coerced. Other fields (a {@code playerId}, say) are ignored: the identity
 * is the verified one.
 */
final class SocketMessages {
    static final int MAX_TOKEN = 8192;
    private static final int MAX_TYPE = 32;

    /** A message the socket answers with an error (and otherwise ignores). */
    static final class BadMessage extends Exception {
        BadMessage(String reason) {
            super(reason, null, false, false);
        }
    }

    record Move(String point, int expectedPly, String commandId) {
    }

    private SocketMessages() {
    }

    static JsonNode parse(String text) throws BadMessage {
        JsonNode message;
        try {
            message = Contracts.json().readTree(text);
        } catch (Exception e) {
            throw new BadMessage("messages are JSON objects with a type");
        }
        if (message == null || !message.isObject()) {
            throw new BadMessage("messages are JSON objects with a type");
        }
        return message;
    }

    static String type(JsonNode message) throws BadMessage {
        JsonNode type = message.get("type");
        if (type == null || !type.isTextual() || type.asText().isEmpty() || type.asText().length() > MAX_TYPE) {
            throw new BadMessage("a message needs a type, as a string");
        }
        return type.asText();
    }

    static String token(JsonNode message) throws BadMessage {
        JsonNode token = message.get("token");
        if (token == null || !token.isTextual() || token.asText().isBlank() || token.asText().length() > MAX_TOKEN) {
            throw new BadMessage("auth needs a token, as a string");
        }
        return token.asText();
    }

    static Move move(JsonNode message) throws BadMessage {
        JsonNode point = message.get("point");
        if (point == null || !point.isTextual() || !Ids.isPoint(point.asText())) {
            throw new BadMessage("a move needs a point such as K10, as a string");
        }
        JsonNode ply = message.get("expectedPly");
        if (ply == null || !ply.isIntegralNumber() || !ply.canConvertToInt() || ply.asInt() < 1) {
            throw new BadMessage("a move needs the expectedPly, a whole number of 1 or more");
        }
        return new Move(point.asText(), ply.asInt(), commandId(message));
    }

    /** The client's command id (so that a retried command is recognised), or a fresh one when it sent none. */
    static String commandId(JsonNode message) throws BadMessage {
        JsonNode id = message.get("commandId");
        if (id == null || id.isNull()) {
            return Contracts.newId();
        }
        if (!id.isTextual() || !Ids.isId(id.asText())) {
            throw new BadMessage("a commandId is a string of 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        return id.asText();
    }
}
