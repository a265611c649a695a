package club.pente.game.application;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEvent;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.LiveGame;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The ledger in memory, with PostgreSQL's guarantees that matter here: all or nothing, the version guard. */
final class InMemoryLedger implements GameLedger {
    final Map<CommandKey, RecordPosition> processed = new LinkedHashMap<>();
    final Map<String, LiveGame> games = new HashMap<>();
    final Map<String, List<AppliedMove>> moves = new HashMap<>();
    final List<StoredEvent> events = new ArrayList<>();
    /** The admin_audit table: by id, a second insert of an id does nothing (ON CONFLICT DO NOTHING). */
    final Map<String, AuditEntry> audits = new LinkedHashMap<>();
    /** Chat rows by game, in order; a removal replaces the row with its removal set. */
    final Map<String, List<ChatWrite>> chats = new HashMap<>();
    /** The vacation_days table: used days by player and year. */
    final Map<VacationKey, Integer> vacations = new HashMap<>();
    int commits;
    int reads;
    RuntimeException failNextCommit;

    @Override
    public Map<CommandKey, RecordPosition> processed(Collection<CommandKey> keys) {
        reads++;
        Map<CommandKey, RecordPosition> seen = new HashMap<>();
        keys.forEach(key -> {
            if (processed.containsKey(key)) {
                seen.put(key, processed.get(key));
            }
        });
        return seen;
    }

    @Override
    public Map<String, LiveGame> load(Collection<String> gameIds) {
        reads++;
        Map<String, LiveGame> loaded = new HashMap<>();
        for (String id : gameIds) {
            LiveGame stored = games.get(id);
            if (stored != null) {
                loaded.put(id, copy(stored));
            }
        }
        return loaded;
    }

    @Override
    public Map<VacationKey, Integer> vacationUsed(Collection<String> playerIds) {
        reads++;
        Map<VacationKey, Integer> used = new HashMap<>();
        vacations.forEach((key, days) -> {
            if (playerIds.contains(key.playerId())) {
                used.put(key, days);
            }
        });
        return used;
    }

    @Override
    public List<StoredEvent> eventsOf(Collection<RecordPosition> records) {
        reads++;
        return events.stream().filter(event -> records.contains(event.record())).toList();
    }

    @Override
    public List<AuditEntry> audits(Collection<String> auditIds) {
        reads++;
        return auditIds.stream().filter(audits::containsKey).map(audits::get).toList();
    }

    @Override
    public void commit(Batch batch) {
        if (failNextCommit != null) {
            RuntimeException failure = failNextCommit;
            failNextCommit = null;
            throw failure;
        }
        for (GameWrite write : batch.games()) {
            LiveGame stored = games.get(write.game().id());
            long storedVersion = stored == null ? 0 : stored.version();
            if (storedVersion != write.versionBefore()) {
                throw new StaleGameException(List.of(write.game().id()));
            }
        }
        for (VacationDraw draw : batch.vacationDraws()) {
            if (vacations.getOrDefault(new VacationKey(draw.playerId(), draw.year()), 0) + draw.days() > draw.allowance()) {
                throw new StaleGameException(List.of("vacation of " + draw.playerId()));
            }
        }
        commits++;
        batch.vacationDraws().forEach(draw -> vacations.merge(new VacationKey(draw.playerId(), draw.year()), draw.days(), Integer::sum));
        batch.processed().forEach(row -> processed.put(row.key(), row.record()));
        for (TakeBack takeBack : batch.takeBacks()) { // before the batch's moves, as the real ledger does
            moves.getOrDefault(takeBack.gameId(), new ArrayList<>()).removeIf(move -> move.ply() > takeBack.ply());
        }
        for (AppliedMove move : batch.moves()) {
            List<AppliedMove> log = moves.computeIfAbsent(move.gameId(), id -> new ArrayList<>());
            if (log.stream().anyMatch(stored -> stored.ply() == move.ply())) {
                throw new IllegalStateException("duplicate key (game_id, ply) = (" + move.gameId() + ", " + move.ply() + ")");
            }
            log.add(move);
        }
        batch.chats().forEach(chat -> chats.computeIfAbsent(chat.posted().gameId(), id -> new ArrayList<>()).add(chat));
        for (ChatRemoval removal : batch.chatRemovals()) {
            List<ChatWrite> rows = chats.getOrDefault(removal.gameId(), new ArrayList<>());
            rows.replaceAll(row -> row.posted().eventId().equals(removal.messageId()) && row.removal() == null
                    ? new ChatWrite(row.posted(), removal) : row);
        }
        batch.games().forEach(write -> games.put(write.game().id(), copy(write.game())));
        events.addAll(batch.events());
        batch.audits().forEach(entry -> audits.putIfAbsent(entry.auditId(), entry));
    }

    /** A stored copy, so that the pipeline's in-place decisions never reach the "database" uncommitted. */
    private LiveGame copy(LiveGame game) {
        Position position = new Position(Variant.orDefault(game.variant()));
        for (AppliedMove move : moves.getOrDefault(game.id(), List.of())) {
            position.play(Notation.parse(move.point()));
        }
        LiveGame copy = new LiveGame(game.id(), game.white(), game.black(), game.ranked(), game.timeControl(), game.variant(),
                game.tournamentId(), game.createdAt(), position, game.version(), game.whiteMillis(), game.blackMillis(), game.turnStartedAt());
        if (game.isOver()) {
            copy.restoreResult(game.result(), game.reason(), game.endedAt());
        }
        copy.restoreOffer(game.offer());
        copy.restoreStaffMarks(game.endNote(), game.annulment());
        for (ChatWrite chat : chats.getOrDefault(game.id(), List.of())) {
            copy.restoreChat(chat.posted().eventId(), chat.posted().channel(), chat.removal() != null);
        }
        return copy;
    }

    List<GameEvent> published() {
        List<GameEvent> out = new ArrayList<>();
        for (StoredEvent event : events) {
            try {
                out.add(Contracts.json().readValue(event.event().payload(), GameEvent.class));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }
}
