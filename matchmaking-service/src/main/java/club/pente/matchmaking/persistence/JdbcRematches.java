package club.pente.matchmaking.persistence;

import club.pente.matchmaking.application.RematchRepository;

import java.time.Instant;

/** Rematch offers in {@code rematches}. */
final class JdbcRematches implements RematchRepository {
    private static final String LOCK = "select previous_game_id, requested_by, new_game_id from rematches "
            + "where previous_game_id = ? for update";
    private static final String INSERT = "insert into rematches (previous_game_id, requested_by, new_game_id, created_at) values (?, ?, ?, ?)";
    private static final String SET_NEW_GAME = "update rematches set new_game_id = ? where previous_game_id = ?";

    private final Sql sql;

    JdbcRematches(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Offer lock(String previousGameId) {
        return sql.one(LOCK, rs -> new Offer(rs.getString(1), rs.getString(2), rs.getString(3)), previousGameId);
    }

    @Override
    public void insert(String previousGameId, String requestedBy, String newGameId, Instant now) {
        sql.update(INSERT, previousGameId, requestedBy, newGameId, now);
    }

    @Override
    public void setNewGame(String previousGameId, String newGameId) {
        sql.update(SET_NEW_GAME, newGameId, previousGameId);
    }
}
