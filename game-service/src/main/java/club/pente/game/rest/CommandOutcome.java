package club.pente.game.rest;

import club.pente.core.contract.GameEvent;

/** What became of a command sent on a caller's behalf: APPLIED with the event, or REJECTED with the reason. */
public record CommandOutcome(String outcome, String commandId, long version, GameEvent event, String reason, String message) {
}
