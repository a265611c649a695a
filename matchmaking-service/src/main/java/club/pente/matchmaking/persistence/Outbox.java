package club.pente.matchmaking.persistence;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.MatchmakingEvent;
import club.pente.core.contract.PlayerSanctions;
import club.pente.matchmaking.application.OutboxWriter;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.time.Instant;

/** Writes what is to be published into {@code outbox}, inside the caller's transaction. */
public final class Outbox implements OutboxWriter {
    /** Logical destinations; the relay maps them to the configured topic names. */
    public enum Channel { COMMANDS, NOTIFICATIONS, SANCTIONS, AUDIT }

    private static final String INSERT = "insert into outbox (channel, record_key, type, payload, created_at) values (?, ?, ?, ?, ?)";

    private final Sql sql;

    Outbox(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void command(GameCommand command, Instant now) {
        add(Channel.COMMANDS, command.gameId(), command.getClass().getSimpleName(), json(command), now);
    }

    @Override
    public void notify(MatchmakingEvent event, Instant now) {
        add(Channel.NOTIFICATIONS, event.key(), event.getClass().getSimpleName(), json(event), now);
    }

    /** A player's whole sanctions after a change, keyed by the player. */
    void sanctions(PlayerSanctions sanctions, Instant now) {
        add(Channel.SANCTIONS, sanctions.playerId(), PlayerSanctions.class.getSimpleName(), json(sanctions), now);
    }

    /** A staff action's audit entry, keyed by its target. */
    void audit(AuditEntry entry, Instant now) {
        add(Channel.AUDIT, entry.targetId(), AuditEntry.class.getSimpleName(), json(entry), now);
    }

    private void add(Channel channel, String key, String type, String payload, Instant now) {
        sql.update(INSERT, channel, key, type, payload, now);
    }

    private static String json(Object value) {
        try {
            return Contracts.json().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value, e);
        }
    }
}
