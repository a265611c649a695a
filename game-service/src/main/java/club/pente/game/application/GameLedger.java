package club.pente.game.application;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.ChatPosted;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.LiveGame;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The authority's durable state, as the command pipeline needs it: a few reads per batch and one write of
 * the whole batch. Implementations must make {@link #commit} all or nothing.
 */
public interface GameLedger {

    /**
     * Which of these commands were handled before, each with the record it was handled from ({@code offset}
     * is null for commands handled before records were tracked).
     */
    Map<CommandKey, RecordPosition> processed(Collection<CommandKey> keys);

    /** The games with these ids, rebuilt from the ledger; ids without a game are absent. */
    Map<String, LiveGame> load(Collection<String> gameIds);

    /** The events stored for commands handled from these records, in the order they were decided. */
    List<StoredEvent> eventsOf(Collection<RecordPosition> records);

    /** The stored audit entries with these ids (those of redelivered staff commands, to publish them again). */
    List<AuditEntry> audits(Collection<String> auditIds);

    /**
     * The vacation days these players have used, by player and UTC year (absent: none). Read for the players
     * whose turn-based clock has run out, before deciding.
     */
    default Map<VacationKey, Integer> vacationUsed(Collection<String> playerIds) {
        return Map.of();
    }

    /**
     * Writes a batch in one transaction. Fails with {@link StaleGameException} and writes nothing when a
     * game's stored version is not the one it had when the batch read it (another writer got there first), or
     * when a vacation draw would take a player past the allowance (another game drew the days first).
     */
    void commit(Batch batch);

    record RecordPosition(int partition, Long offset) {
    }

    record VacationKey(String playerId, int year) {
    }

    /** {@code days} more vacation days of a player in a UTC year, as long as the total stays within {@code allowance}. */
    record VacationDraw(String playerId, int year, int days, int allowance) {
    }

    /** A handled command, whatever came of it: APPLIED, REJECTED or IGNORED. */
    record Processed(CommandKey key, RecordPosition record, String outcome, Instant at) {
    }

    /** A game whose state the batch changed; {@code versionBefore} is 0 for a game the batch created. */
    record GameWrite(LiveGame game, long versionBefore, int partition) {
        public boolean created() {
            return versionBefore == 0;
        }
    }

    /** An event as stored, with the record of the command that produced it. */
    record StoredEvent(EventRecord event, String eventId, long version, RecordPosition record, Instant at) {
    }

    /** A takeback: the game's stored moves after {@code ply} go (written before the batch's new moves). */
    record TakeBack(String gameId, int ply) {
    }

    /** A chat message to store; {@code removal} is set when it was removed in the same batch. */
    record ChatWrite(ChatPosted posted, ChatRemoval removal) {
    }

    /** A stored chat message marked removed (it stays, for the audit). */
    record ChatRemoval(String gameId, String messageId, String staffId, String reason, Instant at) {
    }

    /** {@code audits}: one entry per staff command decided, written with its effect (the admin_audit table). */
    record Batch(List<Processed> processed, List<GameWrite> games, List<TakeBack> takeBacks, List<AppliedMove> moves,
                 List<ChatWrite> chats, List<ChatRemoval> chatRemovals, List<StoredEvent> events, List<AuditEntry> audits,
                 List<VacationDraw> vacationDraws) {
        public Batch(List<Processed> processed, List<GameWrite> games, List<TakeBack> takeBacks, List<AppliedMove> moves,
                     List<ChatWrite> chats, List<ChatRemoval> chatRemovals, List<StoredEvent> events, List<AuditEntry> audits) {
            this(processed, games, takeBacks, moves, chats, chatRemovals, events, audits, List.of());
        }

        public Batch(List<Processed> processed, List<GameWrite> games, List<TakeBack> takeBacks, List<AppliedMove> moves,
                     List<ChatWrite> chats, List<ChatRemoval> chatRemovals, List<StoredEvent> events) {
            this(processed, games, takeBacks, moves, chats, chatRemovals, events, List.of());
        }

        public Batch(List<Processed> processed, List<GameWrite> games, List<AppliedMove> moves, List<StoredEvent> events) {
            this(processed, games, List.of(), moves, List.of(), List.of(), events);
        }

        public boolean isEmpty() {
            return processed.isEmpty();
        }
    }
}
