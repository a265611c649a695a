package club.pente.matchmaking.application;

import club.pente.core.contract.GameCommand;
import club.pente.core.contract.MatchmakingEvent;

import java.time.Instant;

/** What is to be published, written inside the transaction that decided it; the relay publishes it after the commit. */
public interface OutboxWriter {
    /** A command to the game service, keyed by its game. */
    void command(GameCommand command, Instant now);

    /** A notification, keyed by the event's key (a player, or the lobby). */
    void notify(MatchmakingEvent event, Instant now);
}
