package club.pente.matchmaking.persistence;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.MatchmakingEvent;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/** Writes what is to be published into the outbox, inside the caller's transaction. */
public final class Outbox {
    /** Logical destinations; the relay maps them to the configured topic names. */
    public enum Channel { COMMANDS, NOTIFICATIONS }

    private Outbox() {
    }

    public static void command(Connection connection, GameCommand command, Instant now) throws SQLException {
        add(connection, Channel.COMMANDS, command.gameId(), command.getClass().getSimpleName(), json(command), now);
    }

    public static void notify(Connection connection, MatchmakingEvent event, Instant now) throws SQLException {
        add(connection, Channel.NOTIFICATIONS, event.key(), event.getClass().getSimpleName(), json(event), now);
    }

    private static void add(Connection connection, Channel channel, String key, String type, String payload, Instant now)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "insert into outbox (channel, record_key, type, payload, created_at) values (?, ?, ?, ?, ?)")) {
            insert.setString(1, channel.name());
            insert.setString(2, key);
            insert.setString(3, type);
            insert.setString(4, payload);
            insert.setTimestamp(5, Timestamp.from(now));
            insert.executeUpdate();
        }
    }

    private static String json(Object value) {
        try {
            return Contracts.json().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value, e);
        }
    }
}
