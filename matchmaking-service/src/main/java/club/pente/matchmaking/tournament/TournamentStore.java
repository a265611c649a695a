package club.pente.matchmaking.tournament;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.application.Sanction;
import club.pente.matchmaking.persistence.JdbcFailure;
import club.pente.matchmaking.persistence.JdbcSanctions;
import club.pente.matchmaking.tournament.TournamentRecords.Board;
import club.pente.matchmaking.tournament.TournamentRecords.Entrant;
import club.pente.matchmaking.tournament.TournamentRecords.Tournament;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The V5 tables on one transaction's connection. Statements are constants next to the one call that binds them. */
final class TournamentStore {
    private static final String TOURNAMENT = "select t.id, t.name, t.format, t.rounds, t.variant, t.time_control, t.starts_at, "
            + "t.max_players, t.ranking, t.status, t.current_round, t.created_by_id, t.created_by_name, t.created_at, t.started_at, "
            + "t.finished_at, t.cancel_reason, (select count(*) from tournament_players p where p.tournament_id = t.id) from tournaments t ";
    private static final String INSERT = "insert into tournaments (id, name, format, rounds, variant, time_control, starts_at, "
            + "max_players, ranking, status, created_by_id, created_by_name, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String LOCK = "select id from tournaments where id = ? for update";
    private static final String OPEN_OF_CREATOR = "select count(*) from tournaments where created_by_id = ? and status = 'OPEN'";
    private static final String DUE = "select id from tournaments where status = 'OPEN' and starts_at <= ? order by starts_at "
            + "limit 20 for update skip locked";
    private static final String RUNNING_DONE_WITH_ROUND = "select t.id from tournaments t where t.status = 'RUNNING' and not exists "
            + "(select 1 from tournament_games g where g.tournament_id = t.id and g.round = t.current_round and g.result is null) "
            + "limit 20 for update skip locked";
    private static final String JOIN = "insert into tournament_players (tournament_id, player_id, player_name, joined_at) "
            + "values (?, ?, ?, ?) on conflict do nothing";
    private static final String LEAVE = "delete from tournament_players where tournament_id = ? and player_id = ?";
    private static final String ENTRANTS = "select player_id, player_name, seed from tournament_players where tournament_id = ? order by seed";
    private static final String BOARDS = "select round, board, game_id, white_id, black_id, result, reason, white_points, black_points, "
            + "ended_at from tournament_games where tournament_id = ? order by round, board";
    private static final String BOARD = "select round, board, game_id, white_id, black_id, result, reason, white_points, black_points, "
            + "ended_at from tournament_games where game_id = ?";
    private static final String ADD_BOARD = "insert into tournament_games (tournament_id, round, board, game_id, create_command_id, "
            + "white_id, black_id, result, reason, white_points, black_points, created_at, ended_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String RECORD = "update tournament_games set result = ?, reason = ?, white_points = ?, black_points = ?, "
            + "ended_at = ? where game_id = ? and result is null";
    private static final String TOURNAMENT_OF_GAME = "select tournament_id from tournament_games where game_id = ?";
    private static final String TOURNAMENT_OF_CREATE = "select tournament_id from tournament_games where game_id = ? "
            + "and create_command_id = ?";
    private static final String START = "update tournaments set status = 'RUNNING', started_at = ?, rounds = ? where id = ? and status = 'OPEN'";
    private static final String ROUND = "update tournaments set current_round = ? where id = ? and status = 'RUNNING'";
    private static final String FINISH = "update tournaments set status = 'FINISHED', finished_at = ? where id = ? and status = 'RUNNING'";
    private static final String CANCEL = "update tournaments set status = 'CANCELLED', finished_at = ?, cancel_reason = ? "
            + "where id = ? and status in ('OPEN', 'RUNNING')";
    private static final String OUTBOX = "insert into outbox (channel, record_key, type, payload, created_at) values (?, ?, ?, ?, ?)";

    private final Connection connection;

    TournamentStore(Connection connection) {
        this.connection = connection;
    }

    void insert(String id, TournamentSpec spec, PlayerRef creator, Instant now) {
        update(INSERT, id, spec.name(), spec.format().name(), spec.rounds(), spec.variant().name(), spec.timeControl(),
                spec.startsAt(), spec.maxPlayers(), spec.ranking().name(), TournamentStatus.OPEN.name(), creator.id(), creator.name(), now);
    }

    /** The suspension in force for an account, in this transaction and under the player's shared sanction lock. */
    Sanction suspensionInForce(String playerId, Instant now) {
        return JdbcSanctions.suspensionInForce(connection, playerId, now);
    }

    Tournament find(String id) {
        List<Tournament> found = list(TOURNAMENT + "where t.id = ?", TournamentStore::tournament, id);
        return found.isEmpty() ? null : found.get(0);
    }

    /** The row locked to commit, then read: null when there is none. */
    Tournament lock(String id) {
        return list(LOCK, rs -> rs.getString(1), id).isEmpty() ? null : find(id);
    }

    List<Tournament> byStatus(String where, String order, int limit) {
        return list(TOURNAMENT + "where " + where + " order by " + order + " limit " + limit, TournamentStore::tournament);
    }

    int openOf(String creatorId) {
        return list(OPEN_OF_CREATOR, rs -> rs.getInt(1), creatorId).get(0);
    }

    List<String> lockDue(Instant now) {
        return list(DUE, rs -> rs.getString(1), now);
    }

    List<String> lockRunningWithRoundDone() {
        return list(RUNNING_DONE_WITH_ROUND, rs -> rs.getString(1));
    }

    boolean join(String id, PlayerRef player, Instant now) {
        return update(JOIN, id, player.id(), player.name(), now) == 1;
    }

    boolean leave(String id, String playerId) {
        return update(LEAVE, id, playerId) == 1;
    }

    List<Entrant> entrants(String id) {
        return list(ENTRANTS, rs -> new Entrant(rs.getString(1), rs.getString(2), rs.getLong(3)), id);
    }

    List<Board> boards(String id) {
        return list(BOARDS, TournamentStore::board, id);
    }

    /** The board of a tournament game, or null. */
    Board board(String gameId) {
        List<Board> found = list(BOARD, TournamentStore::board, gameId);
        return found.isEmpty() ? null : found.get(0);
    }

    private static Board board(ResultSet rs) throws SQLException {
        return new Board(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getString(6), rs.getString(7), nullableInt(rs, 8), nullableInt(rs, 9), instant(rs, 10));
    }

    void addGame(String id, int round, int board, String gameId, String commandId, String whiteId, String blackId, Instant now) {
        update(ADD_BOARD, id, round, board, gameId, commandId, whiteId, blackId, null, null, null, null, now, null);
    }

    void addBye(String id, int round, int board, String playerId, int points, Instant now) {
        update(ADD_BOARD, id, round, board, null, null, playerId, null, Board.BYE, Board.BYE, points, null, now, now);
    }

    /** The game's result, once: false when it is not a game of a tournament or was recorded before. */
    boolean record(String gameId, String result, String reason, int whitePoints, int blackPoints, Instant at) {
        return update(RECORD, result, reason, whitePoints, blackPoints, at, gameId) == 1;
    }

    String tournamentOfGame(String gameId) {
        List<String> found = list(TOURNAMENT_OF_GAME, rs -> rs.getString(1), gameId);
        return found.isEmpty() ? null : found.get(0);
    }

    /** The tournament whose board sent this CreateGame (its game id and command id), or null. */
    String tournamentOfCreate(String gameId, String commandId) {
        List<String> found = list(TOURNAMENT_OF_CREATE, rs -> rs.getString(1), gameId, commandId);
        return found.isEmpty() ? null : found.get(0);
    }

    boolean start(String id, int rounds, Instant now) {
        return update(START, now, rounds, id) == 1;
    }

    void round(String id, int round) {
        update(ROUND, round, id);
    }

    boolean finish(String id, Instant now) {
        return update(FINISH, now, id) == 1;
    }

    boolean cancel(String id, String reason, Instant now) {
        return update(CANCEL, now, reason, id) == 1;
    }

    /** An outbox row, as persistence.Outbox writes them (its channel names): published by the relay after commit. */
    void outbox(String channel, String key, String type, String payload, Instant now) {
        update(OUTBOX, channel, key, type, payload, now);
    }

    private static Tournament tournament(ResultSet rs) throws SQLException {
        return new Tournament(rs.getString(1), rs.getString(2), Format.valueOf(rs.getString(3)), nullableInt(rs, 4),
                Variant.valueOf(rs.getString(5)), rs.getString(6), instant(rs, 7), rs.getInt(8), Ranking.valueOf(rs.getString(9)),
                TournamentStatus.valueOf(rs.getString(10)), rs.getInt(11), new PlayerRef(rs.getString(12), rs.getString(13)),
                instant(rs, 14), instant(rs, 15), instant(rs, 16), rs.getString(17), rs.getInt(18));
    }

    private static Integer nullableInt(ResultSet rs, int column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        Timestamp timestamp = rs.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    @FunctionalInterface
    interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private int update(String sql, Object... params) {
        try (PreparedStatement statement = prepare(sql, params)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    private <T> List<T> list(String sql, Row<T> row, Object... params) {
        try (PreparedStatement statement = prepare(sql, params); ResultSet rs = statement.executeQuery()) {
            List<T> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(row.read(rs));
            }
            return rows;
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    private PreparedStatement prepare(String sql, Object... params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < params.length; i++) {
                Object value = params[i];
                if (value instanceof Instant instant) {
                    statement.setTimestamp(i + 1, Timestamp.from(instant));
                } else if (value == null) {
                    statement.setNull(i + 1, java.sql.Types.NULL);
                } else {
                    statement.setObject(i + 1, value);
                }
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }
}
