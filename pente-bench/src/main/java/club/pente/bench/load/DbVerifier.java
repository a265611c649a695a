package club.pente.bench.load;

import club.pente.bench.load.GameLedger.Tracked;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * {@code --verify-db}: the game service's move log against what the stream confirmed. Every confirmed move
 * must be in {@code moves} exactly once, and nothing else of the run's games may be there (a stored move
 * whose MovePlayed never arrived is an event lost; the log's unique keys make a doubled row impossible, so a
 * doubled effect would show as a row with a command id the driver never had confirmed).
 */
final class DbVerifier {
    private DbVerifier() {
    }

    static int verify(String url, String prefix, List<Tracked> games) {
        if (!url.startsWith("jdbc:postgresql://127.0.0.1:")) {
            System.out.println("verify-db: only jdbc:postgresql://127.0.0.1:PORT/DB is read, not " + url);
            return 1;
        }
        Properties props = new Properties();
        // Credentials in the URL (?user=&password=) win; else the game service's own variables, else the stack's demo role.
        if (!url.contains("user=")) {
            props.put("user", System.getenv().getOrDefault("PENTE_GAME_DB_USER", "pente_game"));
            props.put("password", System.getenv().getOrDefault("PENTE_GAME_DB_PASSWORD", "pente_game"));
        }
        Map<String, Set<String>> stored = new HashMap<>();
        Map<String, Set<Long>> outbox;
        long rows = 0;
        try (Connection c = DriverManager.getConnection(url, props);
             PreparedStatement st = c.prepareStatement("select game_id, command_id from moves where left(game_id, ?) = ?")) {
            st.setInt(1, prefix.length());
            st.setString(2, prefix);
            st.setFetchSize(10_000);
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    stored.computeIfAbsent(rs.getString(1), k -> new HashSet<>()).add(rs.getString(2));
                }
            }
            outbox = readOutbox(c, prefix);
        } catch (SQLException e) {
            System.out.println("verify-db: cannot read the move log: " + e.getMessage());
            return 1;
        }
        long confirmed = 0;
        long notStored = 0;
        long storedNotConfirmed = 0;
        int faulty = 0;
        for (Tracked t : games) {
            Set<String> inDb = stored.getOrDefault(t.game.id(), Set.of());
            Set<String> onStream = new HashSet<>(t.confirmedCommands);
            confirmed += onStream.size();
            long missingHere = onStream.stream().filter(id -> !inDb.contains(id)).count();
            long extraHere = inDb.stream().filter(id -> !onStream.contains(id)).count();
            notStored += missingHere;
            storedNotConfirmed += extraHere;
            if ((missingHere > 0 || extraHere > 0) && faulty++ < 50) {
                System.out.printf("verify-db: game %s: %d moves stored, %d confirmed on the stream, %d confirmed but not stored, "
                        + "%d stored but never confirmed%n", t.game.id(), inDb.size(), onStream.size(), missingHere, extraHere);
            }
        }
        boolean ok = notStored == 0 && storedNotConfirmed == 0;
        System.out.printf("verify-db: %d moves stored for the run's games, %d confirmed on the stream; confirmed but not stored %d, "
                + "stored but never confirmed %d: %s%n", rows, confirmed, notStored, storedNotConfirmed, ok ? "ok" : "FAILED");
        if (outbox != null) {
            // Every state-changing event the authority stored must have reached the stream (and was counted once there).
            long storedEvents = 0;
            long neverPublished = 0;
            for (Tracked t : games) {
                Set<Long> versions = outbox.getOrDefault(t.game.id(), Set.of());
                storedEvents += versions.size();
                neverPublished += versions.stream().filter(v -> v < 0 || v > Integer.MAX_VALUE || !t.versions.get((int) (long) v)).count();
            }
            System.out.printf("verify-db: %d events stored in the outbox for the run's games, %d of them never seen on the stream: %s%n",
                    storedEvents, neverPublished, neverPublished == 0 ? "ok" : "FAILED");
            ok &= neverPublished == 0;
        }
        return ok ? 0 : 1;
    }

    /** (game, version) of the stored state-changing events; null when this schema has no outbox table. */
    private static Map<String, Set<Long>> readOutbox(Connection c, String prefix) throws SQLException {
        try (ResultSet tables = c.getMetaData().getTables(null, null, "outbox", null)) {
            if (!tables.next()) {
                return null;
            }
        }
        Map<String, Set<Long>> versions = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement(
                "select game_id, version from outbox where left(game_id, ?) = ? and type <> 'MoveRejected'")) {
            st.setInt(1, prefix.length());
            st.setString(2, prefix);
            st.setFetchSize(10_000);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    versions.computeIfAbsent(rs.getString(1), k -> new HashSet<>()).add(rs.getLong(2));
                }
            }
        }
        return versions;
    }
}
