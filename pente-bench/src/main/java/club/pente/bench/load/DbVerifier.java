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
        return ok ? 0 : 1;
    }
}
