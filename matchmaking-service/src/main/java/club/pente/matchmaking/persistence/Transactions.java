package club.pente.matchmaking.persistence;

import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One JDBC transaction around a piece of work: commit when it returns, roll back when it throws.
 * Deadlocks and serialization failures are retried a few times; everything else goes to the caller.
 */
@ApplicationScoped
public class Transactions {
    private static final int ATTEMPTS = 5;
    private final DataSource dataSource;

    public Transactions(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @FunctionalInterface
    public interface Work<T> {
        T apply(Connection connection) throws SQLException;
    }

    public <T> T run(Work<T> work) {
        for (int attempt = 1; ; attempt++) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    T result = work.apply(connection);
                    connection.commit();
                    return result;
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                }
            } catch (SQLException e) {
                if (attempt < ATTEMPTS && retryable(e)) {
                    continue;
                }
                throw new PersistenceException(e);
            }
        }
    }

    private static boolean retryable(SQLException e) {
        return "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
    }

    public static boolean uniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** A database failure, unchecked. */
    public static class PersistenceException extends RuntimeException {
        public PersistenceException(SQLException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
