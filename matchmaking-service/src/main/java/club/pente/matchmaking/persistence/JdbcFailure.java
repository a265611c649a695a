package club.pente.matchmaking.persistence;

import java.sql.SQLException;

/** A database failure, unchecked; {@link JdbcTransactions} decides whether the transaction runs again. */
public class JdbcFailure extends RuntimeException {
    public JdbcFailure(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    public SQLException sqlException() {
        return (SQLException) getCause();
    }
}
