package club.pente.game.application;

/** An event ready for the events topic: keyed by game id, its type for the record header, its JSON. */
public record EventRecord(String gameId, String type, String payload) {
}
