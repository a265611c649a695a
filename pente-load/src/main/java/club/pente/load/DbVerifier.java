package club.pente.load;

import club.pente.load.GameLedger.Tracked;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The game service's move log against what the stream confirmed ({@code ./pente bench load --verify-db}, the
 * chaos run). Every confirmed move must be in {@code moves} exactly once, and nothing else of the run's games
 * may be there (a stored move whose MovePlayed never arrived is an event lost; the log's unique keys make a
 * doubled row unlikely, so a doubled effect would rather show as a row with a command id never confirmed).
 * Every state-changing event stored in the outbox must have been seen on the stream.
 */
public final class DbVerifier {
    private DbVerifier() {
    }

    /** What the move log and the outbox hold for the run's games: per game, rows per command id, and stored event versions. */
    public record Stored(Map<String, Map<String, Integer>> moves, long rows, Map<String, Set<Long>> outbox) {
    }

    /** The comparison; {@code outbox} figures are -1 when the schema has no outbox. */
    public record Result(long rows, long confirmed, long notStored, long storedNotConfirmed, long storedTwice,
                         long storedEvents, long neverPublished, List<String> faultyGames) {
        public boolean ok() {
            return notStored == 0 && storedNotConfirmed == 0 && storedTwice == 0 && neverPublished <= 0;
        }
    }

    /** {@code --verify-db}: prints the comparison; 0 when it holds, 1 otherwise. */
    public static int verify(String url, String prefix, List<Tracked> games) {
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
        Stored stored;
        try {
            stored = read(url, props, prefix);
        } catch (SQLException e) {
            System.out.println("verify-db: cannot read the move log: " + e.getMessage());
            return 1;
        }
        Result r = compare(stored, games);
        r.faultyGames().stream().limit(50).forEach(line -> System.out.println("verify-db: " + line));
        boolean movesOk = r.notStored() == 0 && r.storedNotConfirmed() == 0 && r.storedTwice() == 0;
        System.out.printf("verify-db: %d moves stored for the run's games, %d confirmed on the stream; confirmed but not stored %d, "
                        + "stored but never confirmed %d, stored twice %d: %s%n", r.rows(), r.confirmed(), r.notStored(),
                r.storedNotConfirmed(), r.storedTwice(), movesOk ? "ok" : "FAILED");
        if (r.neverPublished() >= 0) {
            System.out.printf("verify-db: %d events stored in the outbox for the run's games, %d of them never seen on the stream: %s%n",
                    r.storedEvents(), r.neverPublished(), r.neverPublished() == 0 ? "ok" : "FAILED");
        }
        return r.ok() ? 0 : 1;
    }

    /** Reads the move log (and the outbox, when the schema has one) of the games whose id starts with {@code prefix}. */
    public static Stored read(String url, Properties credentials, String prefix) throws SQLException {
        Map<String, Map<String, Integer>> moves = new HashMap<>();
        long rows = 0;
        try (Connection c = DriverManager.getConnection(url, credentials);
             PreparedStatement st = c.prepareStatement("select game_id, command_id from moves where left(game_id, ?) = ?")) {
            c.setAutoCommit(false);
            st.setInt(1, prefix.length());
            st.setString(2, prefix);
            st.setFetchSize(10_000);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    moves.computeIfAbsent(rs.getString(1), k -> new HashMap<>()).merge(rs.getString(2), 1, Integer::sum);
                }
            }
            Map<String, Set<Long>> outbox = readOutbox(c, prefix);
            c.commit();
            return new Stored(moves, rows, outbox);
        }
    }

    /** The stored moves and events against what the ledger saw confirmed on the stream. */
    public static Result compare(Stored stored, Collection<Tracked> games) {
        long confirmed = 0;
        long notStored = 0;
        long storedNotConfirmed = 0;
        long storedTwice = 0;
        List<String> faulty = new ArrayList<>();
        for (Tracked t : games) {
            Map<String, Integer> inDb = stored.moves().getOrDefault(t.game.id(), Map.of());
            Set<String> onStream = new HashSet<>(t.confirmedCommands);
            confirmed += onStream.size();
            long missingHere = onStream.stream().filter(id -> !inDb.containsKey(id)).count();
            long extraHere = inDb.keySet().stream().filter(id -> !onStream.contains(id)).count();
            long twiceHere = inDb.values().stream().filter(n -> n > 1).count();
            notStored += missingHere;
            storedNotConfirmed += extraHere;
            storedTwice += twiceHere;
            if (missingHere > 0 || extraHere > 0 || twiceHere > 0) {
                faulty.add(String.format("game %s: %d moves stored, %d confirmed on the stream, %d confirmed but not stored, "
                        + "%d stored but never confirmed, %d stored twice", t.game.id(), inDb.size(), onStream.size(), missingHere,
                        extraHere, twiceHere));
            }
        }
        long storedEvents = -1;
        long neverPublished = -1;
        if (stored.outbox() != null) {
            // Every state-changing event the authority stored must have reached the stream (and was counted once there).
            storedEvents = 0;
            neverPublished = 0;
            for (Tracked t : games) {
                Set<Long> versions = stored.outbox().getOrDefault(t.game.id(), Set.of());
                storedEvents += versions.size();
                long lost = versions.stream().filter(v -> v < 0 || v > Integer.MAX_VALUE || !t.versions.get((int) (long) v)).count();
                neverPublished += lost;
                if (lost > 0) {
                    faulty.add(String.format("game %s: %d events stored in the outbox never seen on the stream", t.game.id(), lost));
                }
            }
        }
        return new Result(stored.rows(), confirmed, notStored, storedNotConfirmed, storedTwice, storedEvents, neverPublished, faulty);
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
