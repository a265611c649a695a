package club.pente.messaging;

import io.vertx.sqlclient.DatabaseException;

import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.concurrent.TimeoutException;

/**
 * Why handling a record failed. An {@link #OUTAGE} (the database or a peer is away, overloaded or shut
 * down) would fail every record alike, so waiting it out loses nothing and skips nothing. Anything else
 * may be this record's own fault, so it gets a bounded number of attempts before it is dead-lettered:
 * one bad record must never hold up the partition behind it. A {@link BadRecord} is not retried at all.
 */
public enum FailureKind {
    OUTAGE, RECORD, BAD_RECORD;

    public static FailureKind of(Throwable failure) {
        if (failure instanceof BadRecord) {
            return BAD_RECORD;
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SocketException || t instanceof ClosedChannelException || t instanceof TimeoutException
                    || t instanceof SQLTransientException) {
                return OUTAGE;
            }
            String name = t.getClass().getName();
            if (name.equals("io.vertx.sqlclient.ClosedConnectionException") || name.contains("Timeout")
                    || name.equals("io.netty.channel.ConnectTimeoutException")) {
                return OUTAGE;
            }
            String state = t instanceof DatabaseException db ? db.getSqlState()
                    : t instanceof SQLException sql ? sql.getSQLState() : null;
            if (state != null && isOutageState(state)) {
                return OUTAGE;
            }
        }
        return RECORD;
    }

    /**
     * SQLSTATE classes of a server that cannot serve anyone right now: 08 connection, 53 resources,
     * 57 operator intervention (shutdown, cannot connect now), 58 system error; and 40 (serialisation,
     * deadlock), which a retry resolves; 28 (login refused), 3D, 42501 and 42P01 (database, grant or table
     * missing), which no record can fix. Data (22) and integrity (23) errors and a cancelled statement
     * (57014) are the record's.
     */
    static boolean isOutageState(String state) {
        if (state.equals("57014")) {
            return false; // this statement was cancelled (statement timeout): the record's own query
        }
        if (state.startsWith("28") || state.startsWith("3D") || state.equals("42501") || state.equals("42P01")) {
            return true; // login refused, database, grant or table missing: a misconfiguration every record meets
        }
        return state.startsWith("08") || state.startsWith("53") || state.startsWith("57") || state.startsWith("58")
                || state.startsWith("40");
    }
}
