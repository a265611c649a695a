package club.pente.game.application;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Rules of the table that are the club's choice ({@code pente.game.*}; see application.properties). */
@ConfigMapping(prefix = "pente.game")
public interface GameSettings {
    /** How long the player to move at ply 0 or 1 may wait before the game is aborted (never rated). */
    @WithDefault("30")
    int firstMoveSeconds();

    /** The live list leaves out untimed games in which nobody moved for this long (abandoned ones). */
    @WithDefault("10")
    int liveListIdleMinutes();

    /** How long a turn-based "day" lasts: a real day, shortened in tests (a game of 3 days per move has 3 of them a move). */
    @WithDefault("P1D")
    Duration dayLength();

    /** Vacation days each player may draw per UTC calendar year when a turn-based clock runs out (0 to 366). */
    @WithDefault("14")
    int vacationDaysPerYear();

    default Duration firstMoveWindow() {
        return Duration.ofSeconds(firstMoveSeconds());
    }
}
