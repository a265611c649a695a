package club.pente.game.application;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEvent;
import club.pente.game.application.GameLedger.Batch;
import club.pente.game.application.GameLedger.ChatRemoval;
import club.pente.game.application.GameLedger.ChatWrite;
import club.pente.game.application.GameLedger.TakeBack;
import club.pente.game.application.GameLedger.GameWrite;
import club.pente.game.application.GameLedger.Processed;
import club.pente.game.application.GameLedger.RecordPosition;
import club.pente.game.application.GameLedger.StoredEvent;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.Decision;
import club.pente.game.domain.GameAuthority;
import club.pente.game.domain.LiveGame;
import club.pente.game.domain.StaffAudit;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Decides a batch of commands as their games' single writer and commits it in one transaction: one read
 * of which commands were seen before, one read of the games not in memory, every decision in memory, then
 * one write of the whole batch (group commit: one fsync carries every move of the batch).
 *
 * <p>A record handled before from the very same partition and offset is a redelivery after a crash
 * between the database commit and the event publication: its stored events are returned again, since
 * they were never published (events and consumer offsets are committed to Kafka atomically). The same
 * command id from any other record is a duplicate and yields nothing.
 *
 * <p>On any failure nothing is written and every game the batch touched is dropped from memory, since
 * the authority decides on the cached games in place.
 */
public final class CommandPipeline {
    private final GameLedger ledger;
    private final LiveGames liveGames;
    private final GameAuthority authority;
    private final Clock clock;
    private final int vacationDaysPerYear;
    private final MeterRegistry registry;
    private final Counter movesApplied;
    private final Counter duplicates;
    private final Counter redelivered;
    private final Timer commandLag;
    private final Timer batchTime;

    public CommandPipeline(GameLedger ledger, LiveGames liveGames, GameAuthority authority, Clock clock, MeterRegistry registry) {
        this(ledger, liveGames, authority, clock, 0, registry);
    }

    /** {@code vacationDaysPerYear}: the days each player may draw per UTC calendar year when a turn-based clock runs out. */
    public CommandPipeline(GameLedger ledger, LiveGames liveGames, GameAuthority authority, Clock clock, int vacationDaysPerYear,
                           MeterRegistry registry) {
        this.vacationDaysPerYear = vacationDaysPerYear;
        this.ledger = ledger;
        this.liveGames = liveGames;
        this.authority = authority;
        this.clock = clock;
        this.registry = registry;
        this.movesApplied = registry.counter("pente.game.moves.applied");
        this.duplicates = registry.counter("pente.game.commands.duplicate");
        this.redelivered = registry.counter("pente.game.commands.redelivered");
        this.commandLag = Timer.builder("pente.game.command.lag")
                .description("time from a command being issued to the authority committing its outcome")
                .register(registry);
        this.batchTime = Timer.builder("pente.game.command.batch")
                .description("time the authority takes to load, decide and commit one batch of commands")
                .register(registry);
    }

    /**
     * Decides and commits {@code records} (each partition's records in offset order) and returns the events
     * to publish, in order. Throws {@link PoisonCommandException} when the authority fails on a record,
     * {@link StaleGameException} when another writer changed a game, or the ledger's failure.
     */
    public List<EventRecord> process(List<CommandRecord> records) {
        long started = System.nanoTime();
        Instant now = clock.instant();
        Set<CommandKey> keys = new LinkedHashSet<>();
        for (CommandRecord record : records) {
            keys.add(record.key());
        }
        Map<CommandKey, RecordPosition> seen = ledger.processed(keys);
        Map<RecordPosition, List<EventRecord>> replay = replay(records, seen);
        Map<String, AuditEntry> replayedAudits = replayedAudits(records, seen);

        Set<String> missing = new LinkedHashSet<>();
        for (CommandRecord record : records) {
            String gameId = record.command().gameId();
            if (!seen.containsKey(record.key()) && liveGames.get(gameId) == null) {
                missing.add(gameId);
            }
        }
        Map<String, LiveGame> loaded = missing.isEmpty() ? Map.of() : ledger.load(missing);
        VacationBook vacations = vacations(records, loaded, now);

        // The batch's view of each game it touches: absent key = not looked at yet, null value = no such game.
        Map<String, LiveGame> working = new HashMap<>();
        Map<String, Long> versionBefore = new LinkedHashMap<>();
        Map<String, Integer> partitionOf = new HashMap<>();
        Set<String> changed = new LinkedHashSet<>();
        Set<CommandKey> handled = new HashSet<>();
        List<Processed> processed = new ArrayList<>(records.size());
        List<AppliedMove> moves = new ArrayList<>(records.size());
        List<TakeBack> takeBacks = new ArrayList<>();
        List<ChatWrite> chats = new ArrayList<>();
        List<ChatRemoval> chatRemovals = new ArrayList<>();
        List<StoredEvent> stored = new ArrayList<>(records.size());
        List<AuditEntry> audits = new ArrayList<>();
        List<EventRecord> out = new ArrayList<>(records.size());
        int applied = 0;
        try {
            for (CommandRecord record : records) {
                CommandKey key = record.key();
                RecordPosition position = new RecordPosition(record.partition(), record.offset());
                RecordPosition earlier = seen.get(key);
                if (earlier != null || !handled.add(key)) {
                    if (position.equals(earlier)) {
                        redelivered.increment();
                        for (EventRecord event : replay.getOrDefault(position, List.of())) {
                            if (event.gameId().equals(key.gameId())) { // a position names a record only within one topic's life
                                out.add(event);
                            }
                        }
                        AuditEntry audit = replayedAudits.isEmpty() ? null : replayedAudits.get(auditId(key));
                        if (audit != null) {
                            out.add(EventRecord.audit(audit));
                        }
                    } else {
                        duplicates.increment();
                    }
                    continue;
                }
                String gameId = record.command().gameId();
                LiveGame game;
                if (working.containsKey(gameId)) {
                    game = working.get(gameId);
                } else {
                    LiveGame cached = liveGames.get(gameId);
                    game = cached != null ? cached : loaded.get(gameId);
                    working.put(gameId, game);
                    versionBefore.put(gameId, game == null ? 0L : game.version());
                    partitionOf.put(gameId, record.partition());
                }
                Decision decision;
                try {
                    decision = authority.decide(game, record.command(), now, vacations);
                } catch (RuntimeException e) {
                    throw new PoisonCommandException(record.command(), e);
                }
                String outcome;
                if (decision instanceof Decision.StateChange change) {
                    working.put(gameId, change.game());
                    changed.add(gameId);
                    outcome = "APPLIED";
                    if (decision instanceof Decision.Applied move) {
                        moves.add(move.move());
                        applied++;
                    } else if (decision instanceof Decision.TakenBack takenBack) {
                        int ply = takenBack.takenBack().ply();
                        // Moves of this batch are not stored yet: they just leave it; stored ones are deleted first.
                        moves.removeIf(m -> m.gameId().equals(gameId) && m.ply() > ply);
                        takeBacks.add(new TakeBack(gameId, ply));
                    } else if (decision instanceof Decision.Chatted chatted) {
                        chats.add(new ChatWrite(chatted.posted(), null));
                    } else if (decision instanceof Decision.ChatRemoval removal) {
                        ChatRemoval row = new ChatRemoval(gameId, removal.removed().messageId(), removal.removed().staffId(),
                                removal.reason(), now);
                        // A message of this same batch is stored already marked; an update cannot see a row inserted by the same statement.
                        boolean inBatch = false;
                        for (int i = 0; i < chats.size(); i++) {
                            ChatWrite chat = chats.get(i);
                            if (chat.posted().gameId().equals(gameId) && chat.posted().eventId().equals(row.messageId())) {
                                chats.set(i, new ChatWrite(chat.posted(), row));
                                inBatch = true;
                            }
                        }
                        if (!inBatch) {
                            chatRemovals.add(row);
                        }
                    }
                } else if (decision instanceof Decision.Rejected rejected) {
                    outcome = "REJECTED";
                    registry.counter("pente.game.commands.rejected", "reason", rejected.rejection().reason().name()).increment();
                } else {
                    outcome = "IGNORED";
                }
                processed.add(new Processed(key, position, outcome, now));
                for (GameEvent event : decision.events()) {
                    EventRecord encoded = encode(event);
                    stored.add(new StoredEvent(encoded, event.eventId(), event.version(), position, now));
                    out.add(encoded);
                }
                AuditEntry audit = StaffAudit.of(record.command(), decision, now);
                if (audit != null) {
                    audits.add(audit);
                    out.add(EventRecord.audit(audit));
                }
                if (record.command().issuedAt() != null && !record.command().issuedAt().isAfter(now)) { // optional; clocks differ
                    commandLag.record(Duration.between(record.command().issuedAt(), now));
                }
            }
            // Every game the batch decided on is written under its version guard, changed or not: a rejection
            // decided on a copy that a former owner has since moved on must fail too, not be recorded.
            List<GameWrite> games = new ArrayList<>(versionBefore.size());
            for (Map.Entry<String, Long> read : versionBefore.entrySet()) {
                LiveGame game = working.get(read.getKey());
                if (game != null && (changed.contains(read.getKey()) || read.getValue() > 0)) {
                    games.add(new GameWrite(game, read.getValue(), partitionOf.get(read.getKey())));
                }
            }
            if (!processed.isEmpty()) {
                ledger.commit(new Batch(processed, games, takeBacks, moves, chats, chatRemovals, stored, audits, vacations.draws()));
            }
        } catch (RuntimeException e) {
            versionBefore.keySet().forEach(liveGames::evict);
            throw e;
        }
        for (String gameId : changed) {
            liveGames.put(working.get(gameId), partitionOf.get(gameId));
        }
        movesApplied.increment(applied);
        batchTime.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        return out;
    }

    /**
     * The vacation days of the players whose turn-based clock has run out in the batch's games: one read, and only
     * when there is such a player (rare: a day is long).
     */
    private VacationBook vacations(List<CommandRecord> records, Map<String, LiveGame> loaded, Instant now) {
        Set<String> players = new LinkedHashSet<>();
        for (CommandRecord record : records) {
            String gameId = record.command().gameId();
            LiveGame game = liveGames.get(gameId);
            game = game != null ? game : loaded.get(gameId);
            if (game != null && !game.isOver() && game.timeControl().turnBased()) {
                Instant deadline = game.clockDeadline();
                if (deadline != null && !deadline.isAfter(now)) {
                    players.add(game.player(game.position().toMove()).id());
                }
            }
        }
        return new VacationBook(vacationDaysPerYear, players.isEmpty() ? Map.of() : ledger.vacationUsed(players));
    }

    /** The stored events of records that are redeliveries of themselves, by record. */
    private Map<RecordPosition, List<EventRecord>> replay(List<CommandRecord> records, Map<CommandKey, RecordPosition> seen) {
        List<RecordPosition> again = new ArrayList<>();
        for (CommandRecord record : records) {
            RecordPosition position = new RecordPosition(record.partition(), record.offset());
            if (position.equals(seen.get(record.key()))) {
                again.add(position);
            }
        }
        if (again.isEmpty()) {
            return Map.of();
        }
        Map<RecordPosition, List<EventRecord>> byRecord = new HashMap<>();
        for (StoredEvent event : ledger.eventsOf(again)) {
            byRecord.computeIfAbsent(event.record(), r -> new ArrayList<>()).add(event.event());
        }
        return byRecord;
    }

    /** The audit entries of staff commands that are redeliveries of their own records, by audit id. */
    private Map<String, AuditEntry> replayedAudits(List<CommandRecord> records, Map<CommandKey, RecordPosition> seen) {
        List<String> ids = new ArrayList<>();
        for (CommandRecord record : records) {
            RecordPosition position = new RecordPosition(record.partition(), record.offset());
            if (StaffAudit.isStaffCommand(record.command()) && position.equals(seen.get(record.key()))) {
                ids.add(auditId(record.key()));
            }
        }
        if (ids.isEmpty()) {
            return Map.of();
        }
        Map<String, AuditEntry> byId = new HashMap<>();
        for (AuditEntry entry : ledger.audits(ids)) {
            byId.put(entry.auditId(), entry);
        }
        return byId;
    }

    private static String auditId(CommandKey key) {
        return StaffAudit.auditId(key.gameId(), key.actorId(), key.commandId());
    }

    static EventRecord encode(GameEvent event) {
        try {
            return new EventRecord(event.gameId(), event.getClass().getSimpleName(), Contracts.json().writeValueAsString(event));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write event " + event, e);
        }
    }
}
