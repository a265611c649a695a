package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.StaffActor;

import java.time.Instant;

/**
 * One row of {@code sanctions}: a suspension or a chat mute of an account, as staff decided it, and how it ended
 * (lifted, or replaced by a newer one of its kind) if it did.
 *
 * @param until      null: until lifted (suspensions only)
 * @param replacedBy the sanction that replaced this one, or null
 */
public record Sanction(String id, Kind kind, String playerId, Instant since, Instant until, String reason, boolean forfeitLiveGames,
                       StaffActor staff, Instant liftedAt, StaffActor liftedBy, String liftReason, String replacedBy) {

    public enum Kind { SUSPENSION, MUTE }

    public boolean inForceAt(Instant now) {
        return liftedAt == null && !now.isBefore(since) && (until == null || now.isBefore(until));
    }

    public PlayerSanctions.Suspension asSuspension() {
        return new PlayerSanctions.Suspension(id, since, until, reason, forfeitLiveGames, staff);
    }

    public PlayerSanctions.Mute asMute() {
        return new PlayerSanctions.Mute(id, since, until, reason, staff);
    }
}
