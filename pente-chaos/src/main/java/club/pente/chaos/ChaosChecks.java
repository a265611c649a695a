package club.pente.chaos;

import club.pente.load.DbVerifier;
import club.pente.stack.StackConfig;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the services' databases hold for the run (read as each service's own role): the game service's move
 * log and outbox, the rating service's finished games, changes and players, matchmaking's seeks and games.
 * Rows are selected by the run's id prefix (games, accounts) or guest name prefix (seeks).
 */
final class ChaosChecks {
    private final StackConfig config;

    ChaosChecks(StackConfig config) {
        this.config = config;
    }

    /** The database of a service, as the stack names it ({@code PENTE_<S>_DB}, default {@code pente_<s>}). */
    String database(String service) {
        return config.env("PENTE_" + service.toUpperCase() + "_DB", "pente_" + service);
    }

    private String url(String service) {
        return config.postgres().withDatabase(database(service)).jdbcUrl();
    }

    private Properties credentials(String service) {
        Properties p = new Properties();
        String db = database(service);
        p.put("user", config.env("PENTE_" + service.toUpperCase() + "_DB_USER", db));
        p.put("password", config.env("PENTE_" + service.toUpperCase() + "_DB_PASSWORD", db));
        p.put("connectTimeout", "5");
        return p;
    }

    DbVerifier.Stored moves(String gamePrefix) throws SQLException {
        return DbVerifier.read(url("game"), credentials("game"), gamePrefix);
    }

    record Ratings(List<RatingAudit.Finished> finished, List<RatingAudit.Change> changes, List<RatingAudit.Player> players) {
    }

    Ratings ratings(String prefix) throws SQLException {
        List<RatingAudit.Finished> finished = new ArrayList<>();
        List<RatingAudit.Change> changes = new ArrayList<>();
        List<RatingAudit.Player> players = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url("rating"), credentials("rating"))) {
            query(c, "select game_id, rated from finished_games where left(game_id, ?) = ?", prefix,
                    rs -> finished.add(new RatingAudit.Finished(rs.getString(1), rs.getBoolean(2))));
            query(c, "select player_id, game_id, game_no, rating_before, rating_after from rating_changes where left(player_id, ?) = ?", prefix,
                    rs -> changes.add(new RatingAudit.Change(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getInt(5))));
            query(c, "select player_id, games from players where left(player_id, ?) = ?", prefix,
                    rs -> players.add(new RatingAudit.Player(rs.getString(1), rs.getInt(2))));
        }
        return new Ratings(finished, changes, players);
    }

    record Seeks(List<SeekAudit.SeekRow> seeks, List<SeekAudit.GameRow> games) {
    }

    Seeks seeks(String namePrefix) throws SQLException {
        List<SeekAudit.SeekRow> seeks = new ArrayList<>();
        List<SeekAudit.GameRow> games = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url("matchmaking"), credentials("matchmaking"))) {
            query(c, "select id, player_id, status, game_id from seeks where left(player_name, ?) = ?", namePrefix,
                    rs -> seeks.add(new SeekAudit.SeekRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4))));
            try (PreparedStatement st = c.prepareStatement(
                    "select id, origin, white_id, black_id from games where left(white_name, ?) = ? or left(black_name, ?) = ?")) {
                st.setInt(1, namePrefix.length());
                st.setString(2, namePrefix);
                st.setInt(3, namePrefix.length());
                st.setString(4, namePrefix);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        games.add(new SeekAudit.GameRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                    }
                }
            }
        }
        return new Seeks(seeks, games);
    }

    private interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Connection c, String sql, String prefix, Row row) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setInt(1, prefix.length());
            st.setString(2, prefix);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    row.read(rs);
                }
            }
        }
    }
}
