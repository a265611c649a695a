package club.pente.core.contract;

/** Kafka topic names (DESIGN.md, "Streams"). Each incoming channel has a dead-letter twin. */
public final class Topics {
    public static final String GAME_COMMANDS = "pente.game.commands";
    public static final String GAME_COMMANDS_DLQ = "pente.game.commands.dlq";
    public static final String GAME_EVENTS = "pente.game.events";
    public static final String RATING_EVENTS = "pente.rating.events";
    public static final String PRESENCE = "pente.presence";
    public static final String MATCHMAKING_EVENTS = "pente.matchmaking.events";

    private Topics() {
    }
}
