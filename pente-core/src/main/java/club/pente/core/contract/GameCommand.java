package club.pente.core.contract;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.time.Instant;

/**
 * Commands on {@code pente.game.commands}, keyed by game id. The {@code type} property names the kind.
 * Every command carries a unique id: the authority applies a command id at most once.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = CreateGame.class, name = "CreateGame"),
        @JsonSubTypes.Type(value = PlayMove.class, name = "PlayMove"),
        @JsonSubTypes.Type(value = Resign.class, name = "Resign"),
        @JsonSubTypes.Type(value = Abort.class, name = "Abort"),
        @JsonSubTypes.Type(value = ClaimTimeout.class, name = "ClaimTimeout"),
        @JsonSubTypes.Type(value = MakeOffer.class, name = "MakeOffer"),
        @JsonSubTypes.Type(value = AnswerOffer.class, name = "AnswerOffer"),
        @JsonSubTypes.Type(value = PlayerAbort.class, name = "PlayerAbort"),
        @JsonSubTypes.Type(value = ClaimAbandonment.class, name = "ClaimAbandonment"),
        @JsonSubTypes.Type(value = PostChat.class, name = "PostChat"),
        @JsonSubTypes.Type(value = RemoveChat.class, name = "RemoveChat"),
        @JsonSubTypes.Type(value = AnnulGame.class, name = "AnnulGame"),
        @JsonSubTypes.Type(value = ForfeitGame.class, name = "ForfeitGame"),
})
public sealed interface GameCommand permits CreateGame, PlayMove, Resign, Abort, ClaimTimeout, MakeOffer, AnswerOffer,
        PlayerAbort, ClaimAbandonment, PostChat, RemoveChat, AnnulGame, ForfeitGame {
    int schemaVersion();

    String commandId();

    String gameId();

    Instant issuedAt();
}
