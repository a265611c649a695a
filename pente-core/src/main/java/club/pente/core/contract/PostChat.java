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
        Ids.requireText(text, MAX_TEXT, "text");
    }

    public static PostChat of(String gameId, String authorId, String authorName, ChatChannel channel, String text) {
        return new PostChat(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, authorId, authorName, channel, text, Contracts.now());
    }
}
