package club.pente.matchmaking.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Statements on one transaction's connection. Parameters stay positional (plain JDBC has only {@code ?}):
 * each statement is a named constant next to the one call that binds it, values in column order.
 * An {@link Instant} is bound as a timestamp, an enum as its name, a collection as a varchar array;
 * a failure arrives as an unchecked {@link JdbcFailure}.
 */
final class Sql {
    @FunctionalInterface
    interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private final Connection connection;

    Sql(Connection connection) {
        this.connection = connection;
    }

    /** A quoted SQL literal of an enum's stored spelling, for predicates a partial index must be able to match. */
    static String literal(Enum<?> value) {
        return "'" + value.name() + "'";
    }

    static Instant instant(ResultSet rs, int column) throws SQLException {
        Timestamp timestamp = rs.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    static Integer nullableInt(ResultSet rs, int column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }

    int update(String sql, Object... params) {
        try (PreparedStatement statement = prepare(sql, params)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    /** The first row read, or null when there is none. */
    <T> T one(String sql, Row<T> row, Object... params) {
        try (PreparedStatement statement = prepare(sql, params); ResultSet rs = statement.executeQuery()) {
            return rs.next() ? row.read(rs) : null;
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    /**
     * A select whose rows are not needed (taking a lock), then a query, sent as one round trip (the driver sends both
     * in one batch; in READ COMMITTED the query takes its snapshot after the first finished, so it sees whatever
     * committed while the first waited): the query's first row, or null.
     */
    <T> T oneAfter(String first, String query, Row<T> row, Object... params) {
        try (PreparedStatement statement = prepare(first + "; " + query, params)) {
            statement.execute();
            if (!statement.getMoreResults()) {
                throw new IllegalStateException("no rows from the second statement of: " + first + "; " + query);
            }
            try (ResultSet rs = statement.getResultSet()) {
                return rs.next() ? row.read(rs) : null;
            }
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    <T> List<T> list(String sql, Row<T> row, Object... params) {
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

    /** One statement run once per parameter row, sent as one batch. */
    void batch(String sql, Object[]... rows) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] params : rows) {
                bind(statement, params);
                statement.addBatch();
            }
            statement.executeBatch();
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    private PreparedStatement prepare(String sql, Object... params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            bind(statement, params);
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    private void bind(PreparedStatement statement, Object[] params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            Object value = params[i];
            if (value instanceof Instant instant) {
                statement.setTimestamp(i + 1, Timestamp.from(instant));
            } else if (value instanceof Enum<?> constant) {
                statement.setString(i + 1, constant.name());
            } else if (value instanceof Collection<?> values) {
                statement.setArray(i + 1, connection.createArrayOf("varchar", values.toArray()));
            } else {
                statement.setObject(i + 1, value);
            }
        }
    }
}
