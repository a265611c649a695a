package club.pente.matchmaking.persistence;

import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.application.SeekRepository;
import club.pente.matchmaking.application.StoredSeek;
import club.pente.matchmaking.application.WaitingSeek;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import club.pente.matchmaking.domain.TimeControlPresets;

import java.time.Instant;
import java.util.List;

import static club.pente.matchmaking.domain.SeekStatus.CANCELLED;
import static club.pente.matchmaking.domain.SeekStatus.EXPIRED;
import static club.pente.matchmaking.domain.SeekStatus.MATCHED;
import static club.pente.matchmaking.domain.SeekStatus.WAITING;
import static club.pente.matchmaking.persistence.Sql.literal;

/** Seeks in {@code seeks}. "Waiting" is spelled as a literal so that the partial indexes on it apply. */
final class JdbcSeeks implements SeekRepository {
    private static final String INSERT = "insert into seeks (id, player_id, player_name, mode, time_control, rating, status, "
            + "created_at, last_seen_at, variant, days_per_move) values (?, ?, ?, ?, ?, ?, " + literal(WAITING) + ", ?, ?, ?, ?)";
    private static final String WAITING_SEEK = "select id, player_id, player_name, mode, time_control, rating, created_at, variant from seeks ";
    private static final String WAITING_OF = "select id from seeks where player_id = ? and status = " + literal(WAITING)
            + " and days_per_move = 0";
    private static final String TURN_BASED_WAITING_OF = "select count(*) from seeks where player_id = ? and status = " + literal(WAITING)
            + " and days_per_move > 0";
    // Live seeks first, oldest first: a player has one live seek but up to a quota of turn-based ones, which wait for
    // days; oldest first alone let a few players' turn-based seeks fill the batch and the list, and live ones never showed.
    private static final String LIVE_FIRST = " order by days_per_move > 0, created_at";
    private static final String LOCK_WAITING = WAITING_SEEK
            + "where status = " + literal(WAITING) + LIVE_FIRST + " limit ? for update skip locked";
    private static final String MARK_MATCHED = "update seeks set status = " + literal(MATCHED) + ", game_id = ?, color = ?, "
            + "ended_at = ? where id = ? and status = " + literal(WAITING);
    // Live seeks go when their player stops polling; turn-based ones wait far longer (their cutoff is earlier).
    private static final String EXPIRE = "update seeks set status = " + literal(EXPIRED) + ", ended_at = ? where id in "
            + "(select id from seeks where status = " + literal(WAITING) + " and ((days_per_move = 0 and last_seen_at < ?) "
            + "or (days_per_move > 0 and last_seen_at < ?)) for update skip locked)";
    private static final String TOUCH = "update seeks set last_seen_at = ? where id = ? and player_id = ? and status = "
            + literal(WAITING);
    private static final String CANCEL = "update seeks set status = " + literal(CANCELLED) + ", ended_at = ? "
            + "where id = ? and player_id = ? and status = " + literal(WAITING);
    private static final String FIND = "select id, player_id, mode, time_control, rating, status, game_id, color, created_at, variant "
            + "from seeks where id = ?";

    private static final String WAITING_LIST = WAITING_SEEK
            + "where status = " + literal(WAITING) + LIVE_FIRST + " limit ?";
    private static final String LOCK_IF_WAITING = WAITING_SEEK
            + "where id = ? and status = " + literal(WAITING) + " for update";

    private final Sql sql;

    JdbcSeeks(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void insert(Seek seek, String playerName) {
        sql.update(INSERT, seek.id(), seek.playerId(), playerName, seek.mode(), seek.timeControl(), seek.rating(), seek.since(),
                seek.since(), seek.variant(), TimeControlPresets.daysPerMove(seek.timeControl()));
    }

    @Override
    public String waitingOf(String playerId) {
        return sql.one(WAITING_OF, rs -> rs.getString(1), playerId);
    }

    @Override
    public long turnBasedWaitingOf(String playerId) {
        return sql.one(TURN_BASED_WAITING_OF, rs -> rs.getLong(1), playerId);
    }

    @Override
    public List<WaitingSeek> lockWaiting(int limit) {
        return sql.list(LOCK_WAITING, JdbcSeeks::waitingSeek, limit);
    }

    @Override
    public boolean markMatched(String seekId, String gameId, Color color, Instant now) {
        return sql.update(MARK_MATCHED, gameId, color, now, seekId) == 1;
    }

    @Override
    public int expire(Instant cutoff, Instant turnBasedCutoff, Instant now) {
        return sql.update(EXPIRE, now, cutoff, turnBasedCutoff);
    }

    @Override
    public void touch(String seekId, String playerId, Instant now) {
        sql.update(TOUCH, now, seekId, playerId);
    }

    @Override
    public int cancel(String seekId, String playerId, Instant now) {
        return sql.update(CANCEL, now, seekId, playerId);
    }

    @Override
    public List<WaitingSeek> waiting(int limit) {
        return sql.list(WAITING_LIST, JdbcSeeks::waitingSeek, limit);
    }

    @Override
    public WaitingSeek lockIfWaiting(String seekId) {
        return sql.one(LOCK_IF_WAITING, JdbcSeeks::waitingSeek, seekId);
    }

    private static WaitingSeek waitingSeek(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new WaitingSeek(new Seek(rs.getString(1), rs.getString(2), Mode.valueOf(rs.getString(4)), rs.getString(5), rs.getInt(6),
                Sql.instant(rs, 7), Variant.valueOf(rs.getString(8))), rs.getString(3));
    }

    @Override
    public StoredSeek find(String seekId) {
        return sql.one(FIND, rs -> {
            String color = rs.getString(8);
            return new StoredSeek(rs.getString(1), rs.getString(2), Mode.valueOf(rs.getString(3)), rs.getString(4), rs.getInt(5),
                    SeekStatus.valueOf(rs.getString(6)), rs.getString(7), color == null ? null : Color.valueOf(color),
                    Sql.instant(rs, 9), Variant.valueOf(rs.getString(10)));
        }, seekId);
    }
}
