package club.pente.matchmaking.persistence;

import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.application.GameRepository;
import club.pente.matchmaking.application.MatchGame;
import club.pente.matchmaking.application.StoredGame;
import club.pente.matchmaking.domain.ColourRecord;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.TimeControlPresets;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static club.pente.matchmaking.persistence.Sql.literal;

/** Games matchmaking created ({@code games}), colour histories ({@code colour_history}), handled events ({@code processed_events}). */
final class JdbcGames implements GameRepository {
    private static final String INSERT = "insert into games (id, origin, white_id, white_name, black_id, black_name, ranked, "
            + "time_control, match_id, game_number, created_at, create_command_id, variant, days_per_move) "
            + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String COLUMNS = "select id, origin, white_id, white_name, black_id, black_name, ranked, time_control, "
            + "match_id, game_number, ended_at, started_at, failure_reason, failure_message, variant from games where id = ?";
    private static final String LOCK = COLUMNS + " for update";
    private static final String MARK_STARTED = "update games set started_at = ? where id = ? and started_at is null";
    private static final String MARK_REFUSED = "update games set failed_at = ?, failure_reason = ?, failure_message = ? "
            + "where id = ? and create_command_id = ? and started_at is null and ended_at is null and failed_at is null";
    private static final String MARK_ENDED = "update games set ended_at = ?, result = ?, points_white = ?, points_black = ? where id = ?";
    private static final String OF_MATCH = "select game_number, id, white_id, white_name, black_id, black_name, result, "
            + "points_white, points_black from games where match_id = ? order by game_number";
    private static final String LIVE_COMPUTER_GAMES = "select count(*) from games where origin = " + literal(GameOrigin.COMPUTER)
            + " and ended_at is null and (white_id = ? or black_id = ?) and days_per_move = 0";
    private static final String TURN_BASED_COMPUTER_GAMES = "select count(*) from games where origin = " + literal(GameOrigin.COMPUTER)
            + " and ended_at is null and (white_id = ? or black_id = ?) and days_per_move > 0";
    private static final String COLOURS = "select player_id, whites, blacks from colour_history where player_id = any(?)";
    private static final String COUNT_COLOUR = "insert into colour_history (player_id, whites, blacks) values (?, ?, ?) "
            + "on conflict (player_id) do update set whites = colour_history.whites + excluded.whites, "
            + "blacks = colour_history.blacks + excluded.blacks";
    private static final String MARK_PROCESSED = "insert into processed_events (event_id, processed_at) values (?, ?) on conflict do nothing";

    private final Sql sql;

    JdbcGames(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void insert(StoredGame game, String createCommandId, Instant now) {
        sql.update(INSERT, game.id(), game.origin(), game.white().id(), game.white().name(), game.black().id(), game.black().name(),
                game.ranked(), game.timeControl(), game.matchId(), game.gameNumber(), now, createCommandId, game.variant(),
                TimeControlPresets.daysPerMove(game.timeControl()));
    }

    @Override
    public boolean markStarted(String gameId, Instant at) {
        return sql.update(MARK_STARTED, at, gameId) == 1;
    }

    @Override
    public boolean markRefused(String gameId, String commandId, String reason, String message, Instant at) {
        return sql.update(MARK_REFUSED, at, reason, message, gameId, commandId) == 1;
    }

    @Override
    public StoredGame lock(String gameId) {
        return sql.one(LOCK, JdbcGames::game, gameId);
    }

    @Override
    public StoredGame find(String gameId) {
        return sql.one(COLUMNS, JdbcGames::game, gameId);
    }

    private static StoredGame game(ResultSet rs) throws SQLException {
        return new StoredGame(rs.getString(1), GameOrigin.valueOf(rs.getString(2)), new PlayerRef(rs.getString(3), rs.getString(4)),
                new PlayerRef(rs.getString(5), rs.getString(6)), rs.getBoolean(7), rs.getString(8), rs.getString(9),
                Sql.nullableInt(rs, 10), rs.getTimestamp(11) != null, rs.getTimestamp(12) != null, rs.getString(13), rs.getString(14),
                Variant.valueOf(rs.getString(15)));
    }

    @Override
    public void markEnded(String gameId, String result, PerSide points, Instant at) {
        sql.update(MARK_ENDED, at, result, points.white(), points.black(), gameId);
    }

    @Override
    public List<MatchGame> ofMatch(String matchId) {
        return sql.list(OF_MATCH, rs -> new MatchGame(rs.getInt(1), rs.getString(2), new PlayerRef(rs.getString(3), rs.getString(4)),
                new PlayerRef(rs.getString(5), rs.getString(6)), rs.getString(7), Sql.nullableInt(rs, 8), Sql.nullableInt(rs, 9)), matchId);
    }

    @Override
    public long liveComputerGamesOf(String playerId) {
        return sql.one(LIVE_COMPUTER_GAMES, rs -> rs.getLong(1), playerId, playerId);
    }

    @Override
    public long turnBasedComputerGamesOf(String playerId) {
        return sql.one(TURN_BASED_COMPUTER_GAMES, rs -> rs.getLong(1), playerId, playerId);
    }

    @Override
    public Map<String, ColourRecord> colours(Collection<String> playerIds) {
        Map<String, ColourRecord> colours = new HashMap<>();
        if (!playerIds.isEmpty()) {
            sql.list(COLOURS, rs -> Map.entry(rs.getString(1), new ColourRecord(rs.getInt(2), rs.getInt(3))), playerIds)
                    .forEach(entry -> colours.put(entry.getKey(), entry.getValue()));
        }
        return colours;
    }

    @Override
    public void countColours(String whiteId, String blackId) {
        sql.batch(COUNT_COLOUR, new Object[]{whiteId, 1, 0}, new Object[]{blackId, 0, 1});
    }

    @Override
    public boolean markProcessed(String eventId, Instant now) {
        return sql.update(MARK_PROCESSED, eventId, now) == 1;
    }
}
