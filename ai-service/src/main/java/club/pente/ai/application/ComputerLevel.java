package club.pente.ai.application;

import club.pente.core.contract.PlayerRef;

import java.util.OptionalInt;

/**
 * Computer players are named {@code ai:<level>}, level 1 (beginner) to 8 (full strength) and 9 (all cores and a
 * longer think, for strong players who ask for it).
 */
public final class ComputerLevel {
    public static final int MIN = 1;
    public static final int MAX = 9;

    private ComputerLevel() {
    }

    /** The level of a computer player id, or empty for anyone else (or a level out of range). */
    public static OptionalInt of(String playerId) {
        if (playerId == null || PlayerRef.kindOf(playerId) != PlayerRef.Kind.COMPUTER) {
            return OptionalInt.empty();
        }
        try {
            int level = Integer.parseInt(playerId.substring(3));
            return level >= MIN && level <= MAX ? OptionalInt.of(level) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    public static boolean isComputer(PlayerRef player) {
        return player != null && of(player.id()).isPresent();
    }
}
