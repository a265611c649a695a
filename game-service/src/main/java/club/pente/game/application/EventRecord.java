package club.pente.game.application;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.Topic;
import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * A record the command stream publishes in the batch's Kafka transaction: a game event for the events topic
 * (keyed by game id), or a staff command's audit entry for {@code pente.admin.audit} (keyed by its target id);
 * {@code type} for the record header, {@code payload} the JSON; {@code gameId} the game it came from.
 */
public record EventRecord(String gameId, String type, String payload, Topic topic, String key) {

    /** A game event. */
    public EventRecord(String gameId, String type, String payload) {
        this(gameId, type, payload, Topic.GAME_EVENTS, gameId);
    }

    public static EventRecord audit(AuditEntry entry) {
        try {
            return new EventRecord(entry.gameId(), AuditEntry.class.getSimpleName(), Contracts.json().writeValueAsString(entry),
                    Topic.ADMIN_AUDIT, entry.targetId());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write audit entry " + entry.auditId(), e);
        }
    }
}
