package club.pente.matchmaking.persistence;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.application.MatchRepository;
import club.pente.matchmaking.application.StoredMatch;
import club.pente.matchmaking.domain.MatchStatus;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

import static club.pente.matchmaking.persistence.Sql.literal;

/** Matches in {@code matches}. */
final class JdbcMatches implements MatchRepository {
    private static final String INSERT = "insert into matches (id, invitation_code, a_id, a_name, b_id, b_name, a_first_color, ranked, "
            + "time_control, games_total, games_played, points_a, points_b, status, current_game_id, created_at, variant) "
            + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, " + literal(MatchStatus.ONGOING) + ", ?, ?, ?)";
    private static final String FIND = "select id, a_id, a_name, b_id, b_name, a_first_color, ranked, time_control, games_total, "
            + "games_played, points_a, points_b, status, current_game_id, variant from matches where id = ?";
    private static final String LOCK = FIND + " for update";
    private static final String PROGRESS = "update matches set games_played = ?, points_a = ?, points_b = ?, current_game_id = ?, "
            + "status = ?, finished_at = ? where id = ?";

    private static final String FAIL = "update matches set status = " + literal(MatchStatus.FAILED) + ", current_game_id = null, "
            + "finished_at = ? where id = ? and status = " + literal(MatchStatus.ONGOING);

    private final Sql sql;

    JdbcMatches(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void insert(StoredMatch match, String invitationCode, Instant now) {
        sql.update(INSERT, match.id(), invitationCode, match.a().id(), match.a().name(), match.b().id(), match.b().name(),
                match.aFirstColor(), match.ranked(), match.timeControl(), match.gamesTotal(), match.currentGameId(), now, match.variant());
    }

    @Override
    public StoredMatch lock(String matchId) {
        return sql.one(LOCK, JdbcMatches::match, matchId);
    }

    @Override
    public StoredMatch find(String matchId) {
        return sql.one(FIND, JdbcMatches::match, matchId);
    }

    private static StoredMatch match(ResultSet rs) throws SQLException {
        return new StoredMatch(rs.getString(1), new PlayerRef(rs.getString(2), rs.getString(3)),
                new PlayerRef(rs.getString(4), rs.getString(5)), Color.valueOf(rs.getString(6)), rs.getBoolean(7), rs.getString(8),
                rs.getInt(9), rs.getInt(10), rs.getInt(11), rs.getInt(12), MatchStatus.valueOf(rs.getString(13)), rs.getString(14),
                Variant.valueOf(rs.getString(15)));
    }

    @Override
    public void fail(String matchId, Instant now) {
        sql.update(FAIL, now, matchId);
    }

    @Override
    public void progress(String matchId, int gamesPlayed, int pointsA, int pointsB, String nextGameId, boolean finished, Instant now) {
        sql.update(PROGRESS, gamesPlayed, pointsA, pointsB, nextGameId, finished ? MatchStatus.FINISHED : MatchStatus.ONGOING,
                finished ? now : null, matchId);
    }
}
