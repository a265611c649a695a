package club.pente.core.contract;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.time.Instant;

/**
 * Events on {@code pente.game.events}, keyed by game id, written only by the game service.
 * {@code version} grows by one per event of a game, so a consumer ignores what it has already seen and a
 * client resumes after the last version it holds.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = GameStarted.class, name = "GameStarted"),
        @JsonSubTypes.Type(value = MovePlayed.class, name = "MovePlayed"),
        @JsonSubTypes.Type(value = MoveRejected.class, name = "MoveRejected"),
        @JsonSubTypes.Type(value = GameEnded.class, name = "GameEnded"),
        @JsonSubTypes.Type(value = OfferMade.class, name = "OfferMade"),
        @JsonSubTypes.Type(value = OfferDeclined.class, name = "OfferDeclined"),
        @JsonSubTypes.Type(value = MovesTakenBack.class, name = "MovesTakenBack"),
        @JsonSubTypes.Type(value = ChatPosted.class, name = "ChatPosted"),
        @JsonSubTypes.Type(value = ChatRemoved.class, name = "ChatRemoved"),
        @JsonSubTypes.Type(value = GameAnnulled.class, name = "GameAnnulled"),
})
public sealed interface GameEvent permits GameStarted, MovePlayed, MoveRejected, GameEnded, OfferMade, OfferDeclined,
        MovesTakenBack, ChatPosted, ChatRemoved, GameAnnulled {
    int schemaVersion();

    String eventId();

    String gameId();

    long version();

    Instant occurredAt();

    /** The command this event answers. */
    String commandId();
}
