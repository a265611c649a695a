package club.pente.core.contract;

import java.time.Instant;
import java.util.Objects;

/**
 * A player's current sanctions, the whole state, on {@code pente.admin.sanctions} keyed by player id (a compacted
 * topic: the last record per player is the truth). Written by matchmaking, the sanctions' owner, through its
 * outbox; every game-service instance reads the topic from the start to refuse a suspended player's moves in
 * new games and a muted player's chat within seconds.
 *
 * @param suspension the suspension in force or ended, or null when there has never been one (or it was lifted)
 * @param mute       the chat mute, or null
 */
public record PlayerSanctions(int schemaVersion, String eventId, String playerId, Suspension suspension, Mute mute,
                              Instant changedAt) {

    public PlayerSanctions {
        Ids.requireId(eventId, "eventId");
        Ids.requirePlayerId(playerId, "playerId");
        Objects.requireNonNull(changedAt, "changedAt is required");
    }

    public boolean suspendedAt(Instant now) {
        return suspension != null && suspension.activeAt(now);
    }

    public boolean mutedAt(Instant now) {
        return mute != null && mute.activeAt(now);
    }

    /**
     * @param until            null: until lifted
     * @param forfeitLiveGames staff chose that the player's live games end as a loss by forfeit
     */
    public record Suspension(String id, Instant since, Instant until, String reason, boolean forfeitLiveGames, StaffActor staff) {
        public Suspension {
            Ids.requireId(id, "suspension id");
            Objects.requireNonNull(since, "since is required");
            Ids.requireText(reason, Ids.MAX_REASON, "reason");
            Objects.requireNonNull(staff, "staff is required");
        }

        public boolean activeAt(Instant now) {
            return !now.isBefore(since) && (until == null || now.isBefore(until));
        }
    }

    public record Mute(String id, Instant since, Instant until, String reason, StaffActor staff) {
        public Mute {
            Ids.requireId(id, "mute id");
            Objects.requireNonNull(since, "since is required");
            Objects.requireNonNull(until, "a mute has an end");
            Ids.requireText(reason, Ids.MAX_REASON, "reason");
            Objects.requireNonNull(staff, "staff is required");
        }

        public boolean activeAt(Instant now) {
            return !now.isBefore(since) && now.isBefore(until);
        }
    }
}
