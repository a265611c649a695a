package club.pente.matchmaking.persistence;

import club.pente.matchmaking.application.LobbyRepository;
import club.pente.matchmaking.domain.SeekStatus;

import java.time.Instant;

import static club.pente.matchmaking.persistence.Sql.literal;

/** The gateways' lobby counts ({@code presence}, fresh ones only) and the last counts published ({@code lobby_published}). */
final class JdbcLobby implements LobbyRepository {
    private static final long LOCK_KEY = 0x50656E74654C6F62L; // "PenteLob"
    private static final String PRESENCE = "insert into presence (gateway_id, online, occurred_at) values (?, ?, ?) "
            + "on conflict (gateway_id) do update set online = excluded.online, occurred_at = excluded.occurred_at "
            + "where presence.occurred_at <= excluded.occurred_at";
    /**
     * A gateway reports its lobby count every 2 s; one silent for this long stopped (killed, or gone for good under
     * another instance id), and its last count no longer counts: the gateways' own rule ({@code Presence.STALE_MILLIS}).
     */
    static final int STALE_SECONDS = 30;
    private static final String COUNTS = "select coalesce((select sum(online) from presence where occurred_at > now() - interval '"
            + STALE_SECONDS + " seconds'), 0), "
            // Players, not seeks: one player may have many turn-based seeks waiting.
            + "(select count(distinct player_id) from seeks where status = " + literal(SeekStatus.WAITING) + ")";
    private static final String TRY_LOCK = "select pg_try_advisory_xact_lock(?)";
    private static final String LAST_PUBLISHED = "select online, searching from lobby_published where id = 1";
    private static final String PUBLISHED = "insert into lobby_published (id, online, searching, published_at) values (1, ?, ?, ?) "
            + "on conflict (id) do update set online = excluded.online, searching = excluded.searching, "
            + "published_at = excluded.published_at";

    private final Sql sql;

    JdbcLobby(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void presence(String gatewayId, int online, Instant occurredAt) {
        sql.update(PRESENCE, gatewayId, Math.max(0, online), occurredAt);
    }

    @Override
    public Counts counts() {
        return sql.one(COUNTS, rs -> new Counts(rs.getInt(1), rs.getInt(2)));
    }

    @Override
    public boolean tryLock() {
        return sql.one(TRY_LOCK, rs -> rs.getBoolean(1), LOCK_KEY);
    }

    @Override
    public Counts lastPublished() {
        return sql.one(LAST_PUBLISHED, rs -> new Counts(rs.getInt(1), rs.getInt(2)));
    }

    @Override
    public void published(Counts counts, Instant now) {
        sql.update(PUBLISHED, counts.online(), counts.searching(), now);
    }
}
