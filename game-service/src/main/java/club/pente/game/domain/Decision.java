package club.pente.game.domain;

import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MoveRejected;

import java.util.List;

/**
 * What the authority decided for one command. {@code game} is the state afterwards (null when the game
 * is unknown); {@code created} means it is new; {@code move} is set when a stone was placed;
 * {@code events} are to be published in order. A decision with no state change carries only a
 * rejection, or nothing at all (a timeout claim that came too early).
 */
public record Decision(LiveGame game, boolean created, AppliedMove move, List<GameEvent> events) {

    public Decision {
        events = List.copyOf(events);
    }

    public boolean changesState() {
        return events.stream().anyMatch(e -> !(e instanceof MoveRejected));
    }

    public MoveRejected rejection() {
        return events.stream().filter(MoveRejected.class::isInstance).map(MoveRejected.class::cast).findFirst().orElse(null);
    }
}
