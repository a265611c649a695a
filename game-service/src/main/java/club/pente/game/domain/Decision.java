package club.pente.game.domain;

import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.MovesTakenBack;

import java.util.List;

/**
 * What became of one command. The authority decides {@link Created}, {@link Applied}, {@link Ended},
 * {@link Rejected} or {@link Unchanged}; the command pipeline adds {@link Duplicate} for a command id it
 * has handled before. {@link #events()} are published in order.
 */
public sealed interface Decision {

    List<GameEvent> events();

    /** A decision that changes the game: its row, and maybe the move log, are written. */
    sealed interface StateChange extends Decision permits Created, Applied, Ended, Offered, TakenBack, Chatted, ChatRemoval,
            Annulled, Extended {
        /** The state afterwards. */
        LiveGame game();
    }

    record Created(LiveGame game, GameStarted started) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of(started);
        }
    }

    /** A stone placed: its MovePlayed, then a GameEnded when the move ended the game. */
    record Applied(LiveGame game, AppliedMove move, MovePlayed played, GameEnded ended) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return ended == null ? List.of(played) : List.of(played, ended);
        }
    }

    /**
     * The game ended without a stone (resignation, abort, time); {@code rejection} is set when the command
     * was a move that came after its flag fell.
     */
    record Ended(LiveGame game, GameEnded ended, MoveRejected rejection) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return rejection == null ? List.of(ended) : List.of(ended, rejection);
        }
    }

    /** An offer made or declined ({@code OfferMade}, {@code OfferDeclined}): only the pending offer changes. */
    record Offered(LiveGame game, GameEvent event) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of(event);
        }
    }

    /** An accepted takeback: the moves after {@code takenBack.ply()} leave the move log. */
    record TakenBack(LiveGame game, MovesTakenBack takenBack) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of(takenBack);
        }
    }

    /** A chat message, stored with the game. */
    record Chatted(LiveGame game, ChatPosted posted) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of(posted);
        }
    }

    /** Staff removed a message; {@code reason} is kept for the audit, not published. */
    record ChatRemoval(LiveGame game, ChatRemoved removed, String reason) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of(removed);
        }
    }

    /** Staff annulled a finished game: its row is marked, its result stays, the rating service reverses it. */
    record Annulled(LiveGame game, GameAnnulled annulled) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of(annulled);
        }
    }

    /**
     * A turn-based clock ran out and the player to move had vacation left: days were drawn (see {@link Vacations})
     * and the clock extended by as many days. Nothing is published: the event version stays, the stored clocks and
     * deadline change (the API shows them).
     */
    record Extended(LiveGame game, String playerId, int days) implements StateChange {
        @Override
        public List<GameEvent> events() {
            return List.of();
        }
    }

    /** Refused; nothing changes. */
    record Rejected(MoveRejected rejection) implements Decision {
        @Override
        public List<GameEvent> events() {
            return List.of(rejection);
        }
    }

    /** Nothing to do and nothing to say (a timeout claimed before the flag fell). */
    record Unchanged() implements Decision {
        @Override
        public List<GameEvent> events() {
            return List.of();
        }
    }

    /** A command id already handled for this game and sender: nothing happens again. */
    record Duplicate() implements Decision {
        @Override
        public List<GameEvent> events() {
            return List.of();
        }
    }
}
