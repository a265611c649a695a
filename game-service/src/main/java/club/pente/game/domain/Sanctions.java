package club.pente.game.domain;

import club.pente.core.contract.PlayerSanctions;

/**
 * The players' sanctions as the authority consults them: kept in memory by whoever feeds it (every instance
 * reads {@code pente.admin.sanctions}), so the move path pays one map lookup and allocates nothing.
 */
@FunctionalInterface
public interface Sanctions {
    /** Nobody is sanctioned (unit tests, tools). */
    Sanctions NONE = playerId -> null;

    /** The player's latest sanctions, or null when there are none. */
    PlayerSanctions of(String playerId);
}
