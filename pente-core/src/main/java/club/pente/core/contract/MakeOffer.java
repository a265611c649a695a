package club.pente.core.contract;

import java.time.Instant;

/**
 * A player offers a draw or asks to take back their last move. At most one offer is pending per game; offering
 * what the opponent already offers accepts it. Any move withdraws a pending offer. Takebacks are for casual
 * games only.
 */
public record MakeOffer(int schemaVersion, String commandId, String gameId, String playerId, OfferKind kind, Instant issuedAt)
        implements GameCommand {

    public MakeOffer {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Ids.requirePlayerId(playerId, "playerId");
        java.util.Objects.requireNonNull(kind, "kind is required");
    }

    public static MakeOffer of(String gameId, String playerId, OfferKind kind) {
        return new MakeOffer(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, playerId, kind, Contracts.now());
    }
}
