package club.pente.core.contract;

import java.time.Instant;

/**
 * A chat message in one of the game's channels: {@code PLAYERS} from a player, {@code SPECTATORS} from anyone
 * else with an identity. The author's id and name are the ones the gateway verified, never the browser's.
 */
public record PostChat(int schemaVersion, String commandId, String gameId, String authorId, String authorName,
                       ChatChannel channel, String text, Instant issuedAt) implements GameCommand {
    public static final int MAX_TEXT = 300;

    public PostChat {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(authorId, "authorId");
        Ids.requireText(authorName, Ids.MAX_NAME, "authorName");
        java.util.Objects.requireNonNull(channel, "channel is required");
        if (!isChatText(text)) {
            throw new IllegalArgumentException("text must be 1 to " + MAX_TEXT + " characters on one line, without control or format characters");
        }
    }

    /**
     * A chat line: a text people see ({@link Ids#isText}) that also keeps to one visible line: no line or
     * paragraph separators, no invisible format characters (bidi overrides, zero-width spaces), with which a
     * message could fake a second author's line or hide what it says. The zero-width joiner stays: emoji such
     * as "woman technologist" are made with it.
     */
    public static boolean isChatText(String text) {
        if (!Ids.isText(text, MAX_TEXT)) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            if (type == Character.FORMAT && c != '\u200d' || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
                return false;
            }
        }
        return true;
    }

    public static PostChat of(String gameId, String authorId, String authorName, ChatChannel channel, String text) {
        return new PostChat(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, authorId, authorName, channel, text, Contracts.now());
    }
}
