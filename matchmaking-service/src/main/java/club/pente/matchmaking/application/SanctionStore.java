package club.pente.matchmaking.application;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.PlayerSanctions;
import club.pente.kit.audit.AuditFilter;

import java.time.Instant;
import java.util.List;

/**
 * Where sanctions live (PostgreSQL, so that every instance reads the same at once; nothing is cached). A change
 * runs in one transaction that holds the player's sanction lock: the rows, the audit row and the outbox rows
 * commit together or not at all.
 */
public interface SanctionStore {
    interface Change {
        /** The newest sanction of this kind in force at {@code now}, or null. */
        Sanction inForce(Sanction.Kind kind, Instant now);

        void insert(Sanction sanction);

        /** Ends a sanction: lifted by staff, or replaced by a newer one ({@code replacedBy} non-null). */
        void lift(String id, Instant at, club.pente.core.contract.StaffActor by, String reason, String replacedBy);

        /** A newly suspended player's waiting seeks and open invitations are withdrawn; how many. */
        int withdrawOpenPlay(String playerId, Instant now);

        /** The audit row, and the entry on the audit channel. */
        void audit(AuditEntry entry, Instant now);

        /** The player's whole sanctions on the sanctions channel. */
        void publish(PlayerSanctions sanctions, Instant now);
    }

    @FunctionalInterface
    interface Work<T> {
        T apply(Change change);
    }

    /** Runs {@code work} in one transaction holding the player's sanction lock. */
    <T> T change(String playerId, Work<T> work);

    /** The suspension and the mute in force (either may be null). */
    List<Sanction> inForce(String playerId, Instant now);

    /** Every sanction of the player, newest first. */
    List<Sanction> history(String playerId, int limit);

    List<AuditEntry> audit(AuditFilter filter);

    /** Outbox rows not yet published. */
    long outboxBacklog();
}
