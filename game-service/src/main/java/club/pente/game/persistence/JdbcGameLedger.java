package club.pente.game.persistence;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.game.application.CommandKey;
import club.pente.game.application.EventRecord;
import club.pente.game.application.GameLedger;
import club.pente.game.application.GameLedger.VacationDraw;
import club.pente.game.application.GameLedger.VacationKey;
import club.pente.game.application.StaleGameException;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.LiveGame;
import club.pente.kit.audit.AuditLog;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ledger on PostgreSQL through JDBC, used by the command pipeline's own threads. Every statement takes
 * a whole batch as arrays ({@code unnest}), so a batch of any size costs the same few round trips: two or
 * three reads, then one statement and the commit.
 */
@ApplicationScoped
public class JdbcGameLedger implements GameLedger {
    private static final String PROCESSED = """
            select p.game_id, p.actor_id, p.command_id, p.command_partition, p.command_offset
            from processed_commands p join unnest(?::text[], ?::text[], ?::text[]) as k(g, a, c)
              on p.game_id = k.g and p.actor_id = k.a and p.command_id = k.c""";
    private static final String GAMES = """
            select id, white_id, white_name, black_id, black_name, ranked, initial_seconds, increment_seconds, status,
                   end_reason, version, white_millis, black_millis, turn_started_at, created_at, ended_at, offer_kind, offer_color,
                   end_note, annulled_at, annulled_by, annulled_reason, variant, days_per_move, tournament_id
            from games where id = any(?::text[])""";
    private static final String VACATIONS = "select player_id, year, used_days from vacation_days where player_id = any(?::text[])";
    /**
     * Draws vacation days: the update waits for any other transaction's draw of the same player and year and then
     * re-checks the allowance against the row as that one left it, so each day is drawn once across instances.
     */
    private static final String DRAW_VACATION = """
            insert into vacation_days as v (player_id, year, used_days, updated_at)
            select p, y, d, now() from unnest(?::text[], ?::int[], ?::int[]) as u(p, y, d) where d <= ?
            on conflict (player_id, year) do update set used_days = v.used_days + excluded.used_days, updated_at = now()
              where v.used_days + excluded.used_days <= ?
            returning player_id""";
    private static final String AUDITS = "select * from admin_audit where audit_id = any(?::text[])";
    private static final String MOVES = "select game_id, point from moves where game_id = any(?::text[]) order by game_id, ply";
    private static final String CHAT = """
            select game_id, message_id, channel, removed_at is not null from chat_messages
            where game_id = any(?::text[]) order by game_id, version""";
    /**
     * Takebacks go before the batch statement, in the same transaction: a statement that deleted a (game, ply)
     * and inserted it again in its CTEs would see neither change of the other (one snapshot for all of them).
     */
    private static final String TAKE_BACK = """
            delete from moves m using unnest(?::text[], ?::int[]) as t(g, p) where m.game_id = t.g and m.ply > t.p""";
    private static final String EVENTS = """
            select o.command_partition, o.command_offset, o.game_id, o.type, o.payload, o.event_id, o.version, o.created_at
            from outbox o join unnest(?::int[], ?::bigint[]) as r(p, o) on o.command_partition = r.p and o.command_offset = r.o
            order by o.seq""";
    /**
     * The whole batch in one statement (data-modifying CTEs), so that a batch costs one round trip and the
     * commit. The moves' foreign key is checked at the end of the statement, after the games it creates.
     * Returns the ids of the games it updated; one missing means that game's version guard failed.
     */
    private static final String WRITE_BATCH = """
            with processed as (
              insert into processed_commands (game_id, actor_id, command_id, outcome, processed_at, command_partition, command_offset)
              select g, a, c, o, t::timestamptz, p, r
              from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::bigint[]) as u(g, a, c, o, t, p, r)
            ), created as (
              insert into games (id, partition_no, white_id, white_name, black_id, black_name, ranked, initial_seconds,
                                 increment_seconds, variant, days_per_move, tournament_id, status, end_reason, ply, version, white_millis, black_millis,
                                 turn_started_at, deadline_at, created_at, ended_at, offer_kind, offer_color, end_note, annulled_at,
                                 annulled_by, annulled_reason)
              select id, p, wi, wn, bi, bn, r, i, inc, va, dpm, tid, s, e, ply, v, wm, bm, ts::timestamptz, dl::timestamptz, ca::timestamptz, ea::timestamptz,
                     ok, oc, en, aa::timestamptz, ab, ar
              from unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bool[], ?::int[], ?::int[], ?::text[],
                          ?::int[], ?::text[], ?::text[],
                          ?::text[], ?::int[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
                          ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                as u(id, p, wi, wn, bi, bn, r, i, inc, va, dpm, tid, s, e, ply, v, wm, bm, ts, dl, ea, ok, oc, en, aa, ab, ar, ca)
            ), moved as (
              insert into moves (game_id, ply, color, player_id, point, captured, command_id, white_millis, black_millis, played_at)
              select g, p, c, pl, pt, cap, cmd, wm, bm, t::timestamptz
              from unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::text[])
                as u(g, p, c, pl, pt, cap, cmd, wm, bm, t)
            ), chatted as (
              insert into chat_messages (game_id, message_id, version, channel, author_id, author_name, text, posted_at,
                                         removed_at, removed_by, removed_reason)
              select g, m, v, ch, ai, an, tx, t::timestamptz, ra::timestamptz, rb, rr
              from unnest(?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
                          ?::text[]) as u(g, m, v, ch, ai, an, tx, t, ra, rb, rr)
            ), unchatted as (
              update chat_messages c set removed_at = u.ra::timestamptz, removed_by = u.rb, removed_reason = u.rr
              from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) as u(g, m, ra, rb, rr)
              where c.game_id = u.g and c.message_id = u.m and c.removed_at is null
            ), stored as (
              insert into outbox (event_id, game_id, version, type, payload, created_at, command_partition, command_offset)
              select i, g, v, t, p, c::timestamptz, cp, co
              from unnest(?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::int[], ?::bigint[])
                as u(i, g, v, t, p, c, cp, co)
            )
            update games g set status = u.s, end_reason = u.e, ply = u.ply, version = u.v, white_millis = u.wm,
                   black_millis = u.bm, turn_started_at = u.ts::timestamptz, deadline_at = u.dl::timestamptz,
                   ended_at = u.ea::timestamptz, offer_kind = u.ok, offer_color = u.oc, end_note = u.en,
                   annulled_at = u.aa::timestamptz, annulled_by = u.ab, annulled_reason = u.ar
            from unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[],
                        ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[])
              as u(id, s, e, ply, v, wm, bm, ts, dl, ea, ok, oc, en, aa, ab, ar, before)
            where g.id = u.id and g.version = u.before
            returning g.id""";

    private final DataSource dataSource;

    public JdbcGameLedger(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Map<CommandKey, RecordPosition> processed(Collection<CommandKey> keys) {
        Map<CommandKey, RecordPosition> seen = new HashMap<>();
        if (keys.isEmpty()) {
            return seen;
        }
        String[] games = new String[keys.size()];
        String[] actors = new String[keys.size()];
        String[] commands = new String[keys.size()];
        int i = 0;
        for (CommandKey key : keys) {
            games[i] = key.gameId();
            actors[i] = key.actorId();
            commands[i++] = key.commandId();
        }
        try (Connection connection = connect();
             PreparedStatement query = connection.prepareStatement(PROCESSED)) {
            query.setArray(1, connection.createArrayOf("text", games));
            query.setArray(2, connection.createArrayOf("text", actors));
            query.setArray(3, connection.createArrayOf("text", commands));
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    int partition = rs.getInt(4);
                    boolean tracked = !rs.wasNull();
                    long offset = rs.getLong(5);
                    seen.put(new CommandKey(rs.getString(1), rs.getString(2), rs.getString(3)),
                            new RecordPosition(tracked ? partition : -1, tracked ? offset : null));
                }
            }
        } catch (SQLException e) {
            throw new LedgerException(e);
        }
        return seen;
    }

    @Override
    public Map<String, LiveGame> load(Collection<String> gameIds) {
        Map<String, GameEntity> rows = new HashMap<>();
        Map<String, List<MoveEntity>> moves = new HashMap<>();
        Map<String, List<ChatRow>> chat = new HashMap<>();
        String[] ids = gameIds.toArray(String[]::new);
        try (Connection connection = connect()) {
            Array idArray = connection.createArrayOf("text", ids);
            try (PreparedStatement query = connection.prepareStatement(GAMES)) {
                query.setArray(1, idArray);
                try (ResultSet rs = query.executeQuery()) {
                    while (rs.next()) {
                        GameEntity row = new GameEntity();
                        row.id = rs.getString(1);
                        row.whiteId = rs.getString(2);
                        row.whiteName = rs.getString(3);
                        row.blackId = rs.getString(4);
                        row.blackName = rs.getString(5);
                        row.ranked = rs.getBoolean(6);
                        row.initialSeconds = rs.getInt(7);
                        row.incrementSeconds = rs.getInt(8);
                        row.status = rs.getString(9);
                        row.endReason = rs.getString(10);
                        row.version = rs.getLong(11);
                        row.whiteMillis = rs.getLong(12);
                        row.blackMillis = rs.getLong(13);
                        row.turnStartedAt = instant(rs, 14);
                        row.createdAt = instant(rs, 15);
                        row.endedAt = instant(rs, 16);
                        row.offerKind = rs.getString(17);
                        row.offerColor = rs.getString(18);
                        row.endNote = rs.getString(19);
                        row.annulledAt = instant(rs, 20);
                        row.annulledBy = rs.getString(21);
                        row.annulledReason = rs.getString(22);
                        row.variant = rs.getString(23);
                        row.daysPerMove = rs.getInt(24);
                        row.tournamentId = rs.getString(25);
                        rows.put(row.id, row);
                    }
                }
            }
            if (!rows.isEmpty()) {
                try (PreparedStatement query = connection.prepareStatement(MOVES)) {
                    query.setArray(1, idArray);
                    try (ResultSet rs = query.executeQuery()) {
                        while (rs.next()) {
                            MoveEntity move = new MoveEntity();
                            move.gameId = rs.getString(1);
                            move.point = rs.getString(2);
                            moves.computeIfAbsent(move.gameId, id -> new ArrayList<>()).add(move);
                        }
                    }
                }
                try (PreparedStatement query = connection.prepareStatement(CHAT)) {
                    query.setArray(1, idArray);
                    try (ResultSet rs = query.executeQuery()) {
                        while (rs.next()) {
                            chat.computeIfAbsent(rs.getString(1), id -> new ArrayList<>())
                                    .add(new ChatRow(rs.getString(2), ChatChannel.valueOf(rs.getString(3)), rs.getBoolean(4)));
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new LedgerException(e);
        }
        Map<String, LiveGame> games = new HashMap<>();
        rows.forEach((id, row) -> {
            LiveGame game = GameQueries.rebuild(row, moves.getOrDefault(id, List.of()));
            chat.getOrDefault(id, List.of()).forEach(m -> game.restoreChat(m.messageId(), m.channel(), m.removed()));
            games.put(id, game);
        });
        return games;
    }

    private record ChatRow(String messageId, ChatChannel channel, boolean removed) {
    }

    @Override
    public Map<VacationKey, Integer> vacationUsed(Collection<String> playerIds) {
        Map<VacationKey, Integer> used = new HashMap<>();
        try (Connection connection = connect();
             PreparedStatement query = connection.prepareStatement(VACATIONS)) {
            query.setArray(1, connection.createArrayOf("text", playerIds.toArray(String[]::new)));
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    used.put(new VacationKey(rs.getString(1), rs.getInt(2)), rs.getInt(3));
                }
            }
        } catch (SQLException e) {
            throw new LedgerException(e);
        }
        return used;
    }

    @Override
    public List<StoredEvent> eventsOf(Collection<RecordPosition> records) {
        Integer[] partitions = new Integer[records.size()];
        Long[] offsets = new Long[records.size()];
        int i = 0;
        for (RecordPosition record : records) {
            partitions[i] = record.partition();
            offsets[i++] = record.offset();
        }
        List<StoredEvent> events = new ArrayList<>();
        try (Connection connection = connect();
             PreparedStatement query = connection.prepareStatement(EVENTS)) {
            query.setArray(1, connection.createArrayOf("int4", partitions));
            query.setArray(2, connection.createArrayOf("int8", offsets));
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    RecordPosition record = new RecordPosition(rs.getInt(1), rs.getLong(2));
                    EventRecord event = new EventRecord(rs.getString(3), rs.getString(4), rs.getString(5));
                    events.add(new StoredEvent(event, rs.getString(6), rs.getLong(7), record, instant(rs, 8)));
                }
            }
        } catch (SQLException e) {
            throw new LedgerException(e);
        }
        return events;
    }

    @Override
    public List<AuditEntry> audits(Collection<String> auditIds) {
        List<AuditEntry> entries = new ArrayList<>();
        try (Connection connection = connect();
             PreparedStatement query = connection.prepareStatement(AUDITS)) {
            query.setArray(1, connection.createArrayOf("text", auditIds.toArray(String[]::new)));
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    entries.add(AuditLog.read(rs));
                }
            }
        } catch (SQLException e) {
            throw new LedgerException(e);
        }
        return entries;
    }

    @Override
    public void commit(Batch batch) {
        List<GameWrite> created = batch.games().stream().filter(GameWrite::created).toList();
        List<GameWrite> updated = batch.games().stream().filter(write -> !write.created()).toList();
        List<Object[]> arrays = new ArrayList<>(75);
        processedArrays(batch.processed(), arrays);
        createdArrays(created, arrays);
        moveArrays(batch.moves(), arrays);
        chatArrays(batch.chats(), arrays);
        chatRemovalArrays(batch.chatRemovals(), arrays);
        eventArrays(batch.events(), arrays);
        String[] updatedIds = updatedArrays(updated, arrays);
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try {
                if (!batch.takeBacks().isEmpty()) {
                    try (PreparedStatement delete = connection.prepareStatement(TAKE_BACK)) {
                        bind(connection, delete, batch.takeBacks().stream().map(TakeBack::gameId).toArray(String[]::new),
                                batch.takeBacks().stream().map(TakeBack::ply).toArray(Integer[]::new));
                        delete.executeUpdate();
                    }
                }
                Set<String> written = new LinkedHashSet<>();
                try (PreparedStatement write = connection.prepareStatement(WRITE_BATCH)) {
                    bind(connection, write, arrays.toArray(Object[][]::new));
                    try (ResultSet rs = write.executeQuery()) {
                        while (rs.next()) {
                            written.add(rs.getString(1));
                        }
                    }
                }
                if (written.size() != updatedIds.length) {
                    List<String> stale = new ArrayList<>();
                    for (String id : updatedIds) {
                        if (!written.contains(id)) {
                            stale.add(id);
                        }
                    }
                    throw new StaleGameException(stale);
                }
                if (!batch.vacationDraws().isEmpty()) {
                    drawVacations(connection, batch.vacationDraws());
                }
                for (AuditEntry entry : batch.audits()) { // staff commands only: a few a day, one statement each
                    AuditLog.insert(connection, entry);
                }
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new LedgerException(e);
        }
    }

    /** Fails as stale when any draw would pass the allowance: the batch is decided again on what is left. */
    private static void drawVacations(Connection connection, List<VacationDraw> draws) throws SQLException {
        String[] players = draws.stream().map(VacationDraw::playerId).toArray(String[]::new);
        Integer[] years = draws.stream().map(VacationDraw::year).toArray(Integer[]::new);
        Integer[] days = draws.stream().map(VacationDraw::days).toArray(Integer[]::new);
        int drawn = 0;
        try (PreparedStatement draw = connection.prepareStatement(DRAW_VACATION)) {
            bind(connection, draw, players, years, days);
            draw.setInt(4, draws.get(0).allowance()); // one setting for the whole service
            draw.setInt(5, draws.get(0).allowance());
            try (ResultSet rs = draw.executeQuery()) {
                while (rs.next()) {
                    drawn++;
                }
            }
        }
        if (drawn != draws.size()) {
            throw new StaleGameException(draws.stream().map(d -> "vacation of " + d.playerId()).toList());
        }
    }

    private static void processedArrays(List<Processed> rows, List<Object[]> arrays) {
        int n = rows.size();
        String[] games = new String[n], actors = new String[n], commands = new String[n], outcomes = new String[n], at = new String[n];
        Integer[] partitions = new Integer[n];
        Long[] offsets = new Long[n];
        for (int i = 0; i < n; i++) {
            Processed row = rows.get(i);
            games[i] = row.key().gameId();
            actors[i] = row.key().actorId();
            commands[i] = row.key().commandId();
            outcomes[i] = row.outcome();
            at[i] = row.at().toString();
            partitions[i] = row.record().partition();
            offsets[i] = row.record().offset();
        }
        arrays.addAll(List.of(games, actors, commands, outcomes, at, partitions, offsets));
    }

    private static void createdArrays(List<GameWrite> writes, List<Object[]> arrays) {
        int n = writes.size();
        String[] ids = new String[n], whiteIds = new String[n], whiteNames = new String[n], blackIds = new String[n], blackNames = new String[n];
        String[] createdAt = new String[n], variants = new String[n], tournaments = new String[n];
        Integer[] partitions = new Integer[n], initial = new Integer[n], increment = new Integer[n], days = new Integer[n];
        Boolean[] ranked = new Boolean[n];
        StateColumns state = new StateColumns(n);
        for (int i = 0; i < n; i++) {
            LiveGame game = writes.get(i).game();
            ids[i] = game.id();
            partitions[i] = writes.get(i).partition();
            whiteIds[i] = game.white().id();
            whiteNames[i] = game.white().name();
            blackIds[i] = game.black().id();
            blackNames[i] = game.black().name();
            ranked[i] = game.ranked();
            initial[i] = game.timeControl().initialSeconds();
            increment[i] = game.timeControl().incrementSeconds();
            variants[i] = game.variant().name();
            days[i] = game.timeControl().daysPerMove();
            tournaments[i] = game.tournamentId();
            state.set(i, game);
            createdAt[i] = text(game.createdAt());
        }
        arrays.addAll(List.of(ids, partitions, whiteIds, whiteNames, blackIds, blackNames, ranked, initial, increment, variants, days,
                tournaments));
        state.addTo(arrays);
        arrays.add(createdAt);
    }

    /** The update's arrays; returns the ids of the games it must find at their version before. */
    private static String[] updatedArrays(List<GameWrite> writes, List<Object[]> arrays) {
        int n = writes.size();
        String[] ids = new String[n];
        Long[] before = new Long[n];
        StateColumns state = new StateColumns(n);
        for (int i = 0; i < n; i++) {
            ids[i] = writes.get(i).game().id();
            state.set(i, writes.get(i).game());
            before[i] = writes.get(i).versionBefore();
        }
        arrays.add(ids);
        state.addTo(arrays);
        arrays.add(before);
        return ids;
    }

    /** What a decision changes in a game row, in the order both the insert and the update take it. */
    private static final class StateColumns {
        final String[] statuses, reasons, turnStarted, deadlines, endedAt, offerKinds, offerColors;
        final String[] endNotes, annulledAt, annulledBy, annulledReasons;
        final Integer[] plies;
        final Long[] versions, whiteMillis, blackMillis;

        StateColumns(int n) {
            statuses = new String[n];
            reasons = new String[n];
            plies = new Integer[n];
            versions = new Long[n];
            whiteMillis = new Long[n];
            blackMillis = new Long[n];
            turnStarted = new String[n];
            deadlines = new String[n];
            endedAt = new String[n];
            offerKinds = new String[n];
            offerColors = new String[n];
            endNotes = new String[n];
            annulledAt = new String[n];
            annulledBy = new String[n];
            annulledReasons = new String[n];
        }

        void set(int i, LiveGame game) {
            statuses[i] = game.result().name();
            reasons[i] = game.reason() == null ? null : game.reason().name();
            plies[i] = game.position().ply();
            versions[i] = game.version();
            whiteMillis[i] = game.whiteMillis();
            blackMillis[i] = game.blackMillis();
            turnStarted[i] = text(game.turnStartedAt());
            deadlines[i] = text(game.deadline());
            endedAt[i] = text(game.endedAt());
            offerKinds[i] = game.offer() == null ? null : game.offer().kind().name();
            offerColors[i] = game.offer() == null ? null : game.offer().color().name();
            endNotes[i] = game.endNote();
            LiveGame.Annulment annulment = game.annulment();
            annulledAt[i] = annulment == null ? null : text(annulment.at());
            annulledBy[i] = annulment == null ? null : annulment.by();
            annulledReasons[i] = annulment == null ? null : annulment.reason();
        }

        void addTo(List<Object[]> arrays) {
            arrays.addAll(List.of(statuses, reasons, plies, versions, whiteMillis, blackMillis, turnStarted, deadlines, endedAt,
                    offerKinds, offerColors, endNotes, annulledAt, annulledBy, annulledReasons));
        }
    }

    private static void moveArrays(List<AppliedMove> moves, List<Object[]> arrays) {
        int n = moves.size();
        String[] games = new String[n], colors = new String[n], players = new String[n], points = new String[n];
        String[] captured = new String[n], commands = new String[n], playedAt = new String[n];
        Integer[] plies = new Integer[n];
        Long[] whiteMillis = new Long[n], blackMillis = new Long[n];
        for (int i = 0; i < n; i++) {
            AppliedMove move = moves.get(i);
            games[i] = move.gameId();
            plies[i] = move.ply();
            colors[i] = move.color().name();
            players[i] = move.playerId();
            points[i] = move.point();
            captured[i] = String.join(" ", move.captured());
            commands[i] = move.commandId();
            whiteMillis[i] = move.whiteMillis();
            blackMillis[i] = move.blackMillis();
            playedAt[i] = text(move.playedAt());
        }
        arrays.addAll(List.of(games, plies, colors, players, points, captured, commands, whiteMillis, blackMillis, playedAt));
    }

    private static void chatArrays(List<ChatWrite> chats, List<Object[]> arrays) {
        int n = chats.size();
        String[] games = new String[n], ids = new String[n], channels = new String[n], authors = new String[n], names = new String[n];
        String[] texts = new String[n], at = new String[n], removedAt = new String[n], removedBy = new String[n], reasons = new String[n];
        Long[] versions = new Long[n];
        for (int i = 0; i < n; i++) {
            ChatPosted posted = chats.get(i).posted();
            ChatRemoval removal = chats.get(i).removal();
            games[i] = posted.gameId();
            ids[i] = posted.eventId();
            versions[i] = posted.version();
            channels[i] = posted.channel().name();
            authors[i] = posted.authorId();
            names[i] = posted.authorName();
            texts[i] = posted.text();
            at[i] = text(posted.occurredAt());
            removedAt[i] = removal == null ? null : text(removal.at());
            removedBy[i] = removal == null ? null : removal.staffId();
            reasons[i] = removal == null ? null : removal.reason();
        }
        arrays.addAll(List.of(games, ids, versions, channels, authors, names, texts, at, removedAt, removedBy, reasons));
    }

    private static void chatRemovalArrays(List<ChatRemoval> removals, List<Object[]> arrays) {
        int n = removals.size();
        String[] games = new String[n], ids = new String[n], at = new String[n], staff = new String[n], reasons = new String[n];
        for (int i = 0; i < n; i++) {
            ChatRemoval removal = removals.get(i);
            games[i] = removal.gameId();
            ids[i] = removal.messageId();
            at[i] = text(removal.at());
            staff[i] = removal.staffId();
            reasons[i] = removal.reason();
        }
        arrays.addAll(List.of(games, ids, at, staff, reasons));
    }

    private static void eventArrays(List<StoredEvent> events, List<Object[]> arrays) {
        int n = events.size();
        String[] ids = new String[n], games = new String[n], types = new String[n], payloads = new String[n], at = new String[n];
        Long[] versions = new Long[n], offsets = new Long[n];
        Integer[] partitions = new Integer[n];
        for (int i = 0; i < n; i++) {
            StoredEvent event = events.get(i);
            ids[i] = event.eventId();
            games[i] = event.event().gameId();
            versions[i] = event.version();
            types[i] = event.event().type();
            payloads[i] = event.event().payload();
            at[i] = text(event.at());
            partitions[i] = event.record().partition();
            offsets[i] = event.record().offset();
        }
        arrays.addAll(List.of(ids, games, versions, types, payloads, at, partitions, offsets));
    }

    /** A connection, or an outage: no connection is the database's failure, never the batch's. */
    private Connection connect() {
        try {
            return dataSource.getConnection();
        } catch (SQLException e) {
            throw new LedgerException(new SQLTransientConnectionException("no database connection: " + e.getMessage(), "08000", e));
        }
    }

    /** Binds each array in order, typed by its element class. */
    private static void bind(Connection connection, PreparedStatement statement, Object[]... arrays) throws SQLException {
        for (int i = 0; i < arrays.length; i++) {
            Object[] array = arrays[i];
            String type = array instanceof Integer[] ? "int4" : array instanceof Long[] ? "int8" : array instanceof Boolean[] ? "bool" : "text";
            statement.setArray(i + 1, connection.createArrayOf(type, array));
        }
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** A database failure, with the SQL state kept as the cause for {@link club.pente.messaging.FailureKind}. */
    public static final class LedgerException extends RuntimeException {
        LedgerException(SQLException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
