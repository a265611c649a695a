package club.pente.core.contract;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.time.Instant;

/**
 * Notifications on {@code pente.matchmaking.events}, written only by the matchmaking service (through its
 * outbox). Keyed by the player they are meant for ({@link #key()}), or {@code lobby} for {@link LobbyCounts},
 * so that the gateway forwards each to the player's socket. Delivery is at least once: readers drop
 * repeats by {@code eventId}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = SeekMatched.class, name = "SeekMatched"),
        @JsonSubTypes.Type(value = InvitationAccepted.class, name = "InvitationAccepted"),
        @JsonSubTypes.Type(value = GameReady.class, name = "GameReady"),
        @JsonSubTypes.Type(value = RematchOffered.class, name = "RematchOffered"),
        @JsonSubTypes.Type(value = MatchFinished.class, name = "MatchFinished"),
        @JsonSubTypes.Type(value = LobbyCounts.class, name = "LobbyCounts"),
        @JsonSubTypes.Type(value = InvitationReceived.class, name = "InvitationReceived"),
        @JsonSubTypes.Type(value = InvitationDeclined.class, name = "InvitationDeclined"),
        @JsonSubTypes.Type(value = GameCreationFailed.class, name = "GameCreationFailed"),
        @JsonSubTypes.Type(value = TournamentGameReady.class, name = "TournamentGameReady"),
})
public sealed interface MatchmakingEvent
        permits SeekMatched, InvitationAccepted, GameReady, RematchOffered, MatchFinished, LobbyCounts,
        InvitationReceived, InvitationDeclined, GameCreationFailed, TournamentGameReady {
    /** The record key for lobby-wide events. */
    String LOBBY_KEY = "lobby";

    int schemaVersion();

    String eventId();

    Instant occurredAt();

    /** The Kafka record key: the player the event is for, or {@value #LOBBY_KEY}. */
    String key();
}
