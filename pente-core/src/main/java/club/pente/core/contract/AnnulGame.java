package club.pente.core.contract;

import java.time.Instant;
import java.util.Objects;

/**
 * An admin adjudicates a finished game as annulled: the game service answers with {@link GameAnnulled}, and the
 * rating service reverses the game's rating changes with compensating {@link RatingChanged} events.
 */
public record AnnulGame(int schemaVersion, String commandId, String gameId, StaffActor staff, String reason, Instant issuedAt)
        implements GameCommand {

    public AnnulGame {
        Ids.requireId(commandId, "commandId");
        Ids.requireId(gameId, "gameId");
        Objects.requireNonNull(staff, "staff is required");
        Ids.requireText(reason, Ids.MAX_REASON, "reason");
    }

    public static AnnulGame by(StaffActor staff, String gameId, String reason) {
        return new AnnulGame(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, staff, reason, Contracts.now());
    }
}
