package club.pente.matchmaking.persistence;

import club.pente.matchmaking.application.DuplicateKeyException;
import club.pente.matchmaking.application.GameRepository;
import club.pente.matchmaking.application.InvitationRepository;
import club.pente.matchmaking.application.LobbyRepository;
import club.pente.matchmaking.application.MatchRepository;
import club.pente.matchmaking.application.OutboxWriter;
import club.pente.matchmaking.application.RematchRepository;
import club.pente.matchmaking.application.Sanction;
import club.pente.matchmaking.application.SeekRepository;
import club.pente.matchmaking.application.Transaction;
import club.pente.matchmaking.application.Transactions;
import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Matchmaking's one persistence style: JDBC, one connection per transaction, the repositories of
 * {@link Transaction} sharing it. Commit when the work returns, roll back when it throws; deadlocks and
 * serialization failures are retried a few times, a unique-key violation becomes a {@link DuplicateKeyException}.
 */
@ApplicationScoped
public class JdbcTransactions implements Transactions {
    private static final int ATTEMPTS = 5;
    private final DataSource dataSource;

    public JdbcTransactions(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public <T> T run(Work<T> work) {
        return inTransaction(sql -> work.apply(new JdbcTransaction(sql)));
    }

    /** One read on its own (autocommit: no transaction round trips around it), for a check on every request. */
    <T> T read(java.util.function.Function<Sql, T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.apply(new Sql(connection));
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    /** Statements of this package's own stores (sanctions) in one transaction, with the same retries. */
    <T> T inTransaction(java.util.function.Function<Sql, T> work) {
        for (int attempt = 1; ; attempt++) {
            SQLException failure;
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    T result = work.apply(new Sql(connection));
                    connection.commit();
                    return result;
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                }
            } catch (SQLException e) {
                failure = e;
            } catch (JdbcFailure e) {
                failure = e.sqlException();
            }
            if (attempt < ATTEMPTS && retryable(failure)) {
                continue;
            }
            if (uniqueViolation(failure)) {
                throw new DuplicateKeyException(failure.getMessage(), failure);
            }
            throw new JdbcFailure(failure);
        }
    }

    private static boolean retryable(SQLException e) {
        return "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
    }

    private static boolean uniqueViolation(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Advisory locks of the two-int form, a key space apart from the sanctions' ("PSnc") and the bigint ones. */
    private static final int QUOTA_LOCK_SPACE = 0x5051746F; // "PQto"
    private static final String QUOTA_LOCK = "select pg_advisory_xact_lock(?, hashtext(?))";

    private static final class JdbcTransaction implements Transaction {
        private final Sql sql;

        JdbcTransaction(Sql sql) {
            this.sql = sql;
        }

        @Override
        public SeekRepository seeks() {
            return new JdbcSeeks(sql);
        }

        @Override
        public GameRepository games() {
            return new JdbcGames(sql);
        }

        @Override
        public RematchRepository rematches() {
            return new JdbcRematches(sql);
        }

        @Override
        public InvitationRepository invitations() {
            return new JdbcInvitations(sql);
        }

        @Override
        public MatchRepository matches() {
            return new JdbcMatches(sql);
        }

        @Override
        public LobbyRepository lobby() {
            return new JdbcLobby(sql);
        }

        @Override
        public OutboxWriter outbox() {
            return new Outbox(sql);
        }

        @Override
        public Sanction suspensionInForce(String playerId, java.time.Instant now) {
            return JdbcSanctions.suspensionInForceShared(sql, playerId, now);
        }

        @Override
        public void lockQuotas(String playerId) {
            sql.one(QUOTA_LOCK, rs -> null, QUOTA_LOCK_SPACE, playerId);
        }
    }
}
