package club.pente.matchmaking.rest;

import club.pente.core.contract.TimeControl;
import club.pente.matchmaking.application.StoredGame;
import club.pente.matchmaking.domain.GameStatus;
import club.pente.matchmaking.domain.TimeControlPresets;

/**
 * What the views say about a game matchmaking asked for: {@code gameStatus} (PENDING until the game service
 * confirmed it, READY, ENDED, FAILED), {@code gameReady} (it can be loaded), {@code failure} (why the game
 * service refused it). Also the one written form of a time control in the views: {@link #clock}.
 */
final class GameReadiness {
    /** The game service's reason (a RejectionReason) and message for a refused game. */
    record Failure(String reason, String message) {
    }

    private GameReadiness() {
    }

    static String status(StoredGame game) {
        return game == null ? null : game.status().name();
    }

    static boolean ready(StoredGame game) {
        return game != null && game.status().ready();
    }

    static Failure failure(StoredGame game) {
        return game == null || game.status() != GameStatus.FAILED ? null : new Failure(game.failureReason(), game.failureMessage());
    }

    /** A preset's clock as the game service writes it: initial seconds + increment seconds ({@code 300+5}), {@code -} untimed. */
    static String clock(String preset) {
        TimeControl control = TimeControlPresets.of(preset);
        return control.format();
    }
}
