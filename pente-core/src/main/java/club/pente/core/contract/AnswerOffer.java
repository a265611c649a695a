package club.pente.core.contract;

import java.time.Instant;

/**
 * The opponent of the player who made the pending offer of {@code kind} accepts or declines it. An accepted
 * draw ends the game ({@code DRAW}, {@code AGREEMENT}); an accepted takeback is a {@link MovesTakenBack}.
 */
public record AnswerOffer(int schemaVersion, String commandId, String gameId, String playerId, OfferKind kind, boolean accept,
                          Instant issuedAt) implements GameCommand {

    public AnswerOffer {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
        java.util.Objects.requireNonNull(kind, "kind is required");
    }

    public static AnswerOffer of(String gameId, String playerId, OfferKind kind, boolean accept) {
        return new AnswerOffer(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, playerId, kind, accept, Contracts.now());
    }
}
