package club.pente.messaging;

import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;
import club.pente.testinfra.Await;
import club.pente.testinfra.StackTest;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay's leadership on a pooled data source, on the real PostgreSQL and Kafka: a leader whose publishing fails while
 * its connection stays usable gives the advisory lock up before the connection goes back to the pool. Otherwise the idle
 * pooled connection keeps the lock, and neither this instance (on its next connection) nor any other can lead again.
 */
@StackTest
class OutboxRelayLeadershipTest {
    private static final String DATABASE = "pente_messaging_test";
    /** Small halves, so that pg_locks shows them as they are (classid = high 32 bits, objid = low 32 bits). */
    private static final long LOCK_KEY = (4242L << 32) | 777L;

    @Test
    void aLeaderThatFailsReleasesTheLockBeforeItsConnectionGoesBackToThePool() throws Exception {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES);
        TestDatabases.recreate(DATABASE);
        String topic = "pente.test.relay-" + UUID.randomUUID();
        TopicProvisioner.ensure(config.kafkaBootstrapServers(), List.of(new NewTopic(topic, 1, (short) 1)));
        try (Connection first = PostgresDatabases.connect(config, DATABASE);
             Connection second = PostgresDatabases.connect(config, DATABASE);
             Connection observer = PostgresDatabases.connect(config, DATABASE)) {
            try (Statement ddl = observer.createStatement()) {
                ddl.execute("create table outbox (seq bigint generated always as identity primary key, channel varchar(32) not null, "
                        + "record_key varchar(64) not null, payload text not null, published_at timestamptz)");
                // A row the relay cannot publish (its channel names no topic): every attempt fails, the connection stays fine.
                ddl.execute("insert into outbox (channel, record_key, payload) values ('NOWHERE', 'k', '{}')");
            }
            PooledPair pool = new PooledPair(first, second);
            OutboxRelay relay = new OutboxRelay("test", pool, OutboxTable.byChannel("record_key", "channel", Map.of("A", topic), LOCK_KEY),
                    new WakeSignal(), config.kafkaBootstrapServers(), 10, 50);
            relay.start();
            try {
                int firstPid = pid(first);
                int secondPid = pid(second);
                Await.until("the relay leading on its first connection", () -> holder(observer) == firstPid ? true : null, Duration.ofSeconds(20));
                // It fails there, hands the connection back, takes the pool's other one and must be able to lead on it.
                Await.until("the lock held by the relay's second connection (after the first failure)",
                        () -> pool.handedOut() >= 2 && holder(observer) == secondPid ? true : null, Duration.ofSeconds(20));
            } finally {
                relay.stop();
            }
        }
    }

    private static int pid(Connection connection) {
        return query(connection, "select pg_backend_pid()");
    }

    /** The backend holding the relay's advisory lock, or 0. */
    private static int holder(Connection observer) {
        return query(observer, "select coalesce((select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1 "
                + "and classid = " + (LOCK_KEY >>> 32) + " and objid = " + (LOCK_KEY & 0xffffffffL) + "), 0)");
    }

    private static int query(Connection connection, String sql) {
        try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet rs = statement.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A pool as the services' Agroal is one, as far as the relay can tell: {@code close()} returns the connection, whose
     * session (and its session locks) lives on. It hands out its first connection once, then always its second.
     */
    private static final class PooledPair implements DataSource {
        private final Connection first;
        private final Connection second;
        private final AtomicInteger handedOut = new AtomicInteger();

        PooledPair(Connection first, Connection second) {
            this.first = first;
            this.second = second;
        }

        int handedOut() {
            return handedOut.get();
        }

        @Override
        public Connection getConnection() {
            Connection physical = handedOut.getAndIncrement() == 0 ? first : second;
            return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("close")) {
                            return null; // back to the pool: the session stays open
                        }
                        try {
                            return method.invoke(physical, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        @Override
        public Connection getConnection(String username, String password) {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
