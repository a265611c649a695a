package club.pente.game.domain;

/**
 * Players' vacation days as one decision sees them: a turn-based clock that runs out draws a day, if one is
 * left, instead of losing the game. The command pipeline backs it with the ledger (PostgreSQL) per batch.
 */
public interface Vacations {
    /** No vacation at all (decisions that are given none). */
    Vacations NONE = (playerId, year) -> false;

    /** Draws one vacation day of {@code playerId} in the UTC calendar {@code year}; false when none is left. */
    boolean draw(String playerId, int year);
}
