package club.pente.gateway.ws.protocol;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.Ids;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PostChat;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * The one place socket frames are read and written. A client frame is checked at the edge before
 * anything is built from it: a JSON object (at most {@link #MAX_FRAME} characters) with a string
 * {@code type} this socket takes; {@code auth} with a string {@code token}; {@code move} with a point
 * ({@link Ids#isPoint}), an integer {@code expectedPly} of 1 or more and optionally a {@code commandId}
 * ({@link Ids#isId}); {@code resign}, {@code abort} and {@code claim} optionally with a {@code commandId};
 * {@code offer} with a {@code kind} ({@code "DRAW"} or {@code "TAKEBACK"}, exactly); {@code answer} with a
 * {@code kind} and a boolean {@code accept}; {@code chat} with a {@code text} of 1 to {@link PostChat#MAX_TEXT}
 * characters, not blank, on one line without control or format characters ({@link PostChat#isChatText}). Fields of the wrong type are
 * refused with the reason, never coerced; other fields (a {@code playerId}, say) are ignored.
 */
public final class SocketCodec {
    public static final int MAX_TOKEN = 8192;
    /**
     * A token and the rest of an auth frame. The sockets' own limit is lower
     * ({@code quarkus.websockets-next.server.max-message-size}, 4096 bytes, closes with 1009); the codec
     * does not rely on it, and parses nothing longer than this.
     */
    public static final int MAX_FRAME = MAX_TOKEN + 1024;
    private static final int MAX_TYPE = 32;
    private static final ObjectWriter WRITER = Contracts.json().writerFor(ServerFrame.class);

    private SocketCodec() {
    }

    /** The frame as {@code socket} takes it, or the refusal the client is to be told. */
    public static ClientFrame decode(String text, SocketKind socket) throws BadFrame {
        JsonNode frame = object(text);
        String type = type(frame);
        if (!socket.accepts(type)) {
            throw new BadFrame(BadFrame.Kind.UNKNOWN_TYPE, "unknown message type");
        }
        return switch (type) {
            case "auth" -> new ClientFrame.Auth(token(frame));
            case "ping" -> new ClientFrame.Ping();
            case "move" -> move(frame);
            case "resign" -> new ClientFrame.Resign(commandId(frame));
            case "offer" -> new ClientFrame.Offer(kind(frame, "an offer"), commandId(frame));
            case "answer" -> answer(frame);
            case "abort" -> new ClientFrame.Abort(commandId(frame));
            case "claim" -> new ClientFrame.Claim(commandId(frame));
            case "chat" -> chat(frame);
            default -> throw new BadFrame(BadFrame.Kind.UNKNOWN_TYPE, "unknown message type");
        };
    }

    /** The frame's JSON text. */
    public static String encode(ServerFrame frame) {
        try {
            return WRITER.writeValueAsString(frame);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a server frame could not be written", e); // a programming error
        }
    }

    /** JSON another service wrote, as a tree to embed in a frame; an unreadable one becomes an empty object. */
    public static JsonNode tree(String json) {
        try {
            JsonNode tree = json == null ? null : Contracts.json().readTree(json);
            return tree != null ? tree : Contracts.json().createObjectNode();
        } catch (JsonProcessingException e) {
            return Contracts.json().createObjectNode();
        }
    }

    private static JsonNode object(String text) throws BadFrame {
        if (text == null || text.length() > MAX_FRAME) {
            throw new BadFrame(BadFrame.Kind.UNREADABLE, "messages are JSON objects with a type");
        }
        JsonNode frame;
        try {
            frame = Contracts.json().readTree(text);
        } catch (Exception e) {
            throw new BadFrame(BadFrame.Kind.UNREADABLE, "messages are JSON objects with a type");
        }
        if (frame == null || !frame.isObject()) {
            throw new BadFrame(BadFrame.Kind.UNREADABLE, "messages are JSON objects with a type");
        }
        return frame;
    }

    private static String type(JsonNode frame) throws BadFrame {
        JsonNode type = frame.get("type");
        if (type == null || !type.isTextual() || type.asText().isEmpty() || type.asText().length() > MAX_TYPE) {
            throw new BadFrame(BadFrame.Kind.UNREADABLE, "a message needs a type, as a string");
        }
        return type.asText();
    }

    private static String token(JsonNode frame) throws BadFrame {
        JsonNode token = frame.get("token");
        if (token == null || !token.isTextual() || token.asText().isBlank() || token.asText().length() > MAX_TOKEN) {
            throw new BadFrame(BadFrame.Kind.BAD_FIELD, "auth needs a token, as a string");
        }
        return token.asText();
    }

    private static ClientFrame.Move move(JsonNode frame) throws BadFrame {
        JsonNode point = frame.get("point");
        if (point == null || !point.isTextual() || !Ids.isPoint(point.asText())) {
            throw new BadFrame(BadFrame.Kind.BAD_FIELD, "a move needs a point such as K10, as a string");
        }
        JsonNode ply = frame.get("expectedPly");
        if (ply == null || !ply.isIntegralNumber() || !ply.canConvertToInt() || ply.asInt() < 1) {
            throw new BadFrame(BadFrame.Kind.BAD_FIELD, "a move needs the expectedPly, a whole number of 1 or more");
        }
        return new ClientFrame.Move(point.asText(), ply.asInt(), commandId(frame));
    }

    private static OfferKind kind(JsonNode frame, String what) throws BadFrame {
        JsonNode kind = frame.get("kind");
        if (kind != null && kind.isTextual()) {
            for (OfferKind known : OfferKind.values()) {
                if (known.name().equals(kind.asText())) {
                    return known;
                }
            }
        }
        throw new BadFrame(BadFrame.Kind.BAD_FIELD, what + " needs a kind, \"DRAW\" or \"TAKEBACK\"");
    }

    private static ClientFrame.Answer answer(JsonNode frame) throws BadFrame {
        OfferKind kind = kind(frame, "an answer");
        JsonNode accept = frame.get("accept");
        if (accept == null || !accept.isBoolean()) {
            throw new BadFrame(BadFrame.Kind.BAD_FIELD, "an answer needs accept, true or false");
        }
        return new ClientFrame.Answer(kind, accept.booleanValue(), commandId(frame));
    }

    private static ClientFrame.Chat chat(JsonNode frame) throws BadFrame {
        JsonNode text = frame.get("text");
        if (text == null || !text.isTextual() || !PostChat.isChatText(text.asText())) {
            throw new BadFrame(BadFrame.Kind.BAD_FIELD, "a chat message is a text of 1 to " + PostChat.MAX_TEXT
                    + " characters on one line, without control or format characters");
        }
        return new ClientFrame.Chat(text.asText(), commandId(frame));
    }

    /** The client's command id (so that a retried command is recognised), or a fresh one when it sent none. */
    private static String commandId(JsonNode frame) throws BadFrame {
        JsonNode id = frame.get("commandId");
        if (id == null || id.isNull()) {
            return Contracts.newId();
        }
        if (!id.isTextual() || !Ids.isId(id.asText())) {
            throw new BadFrame(BadFrame.Kind.BAD_FIELD, "a commandId is a string of 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        return id.asText();
    }
}
