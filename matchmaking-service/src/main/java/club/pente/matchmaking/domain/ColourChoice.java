package club.pente.matchmaking.domain;

import club.pente.core.rules.Color;

import java.util.random.RandomGenerator;

/** The colour a player asks for (an inviter, or a player against the computer). */
public enum ColourChoice {
    WHITE, BLACK, RANDOM;

    public static ColourChoice parse(String text) {
        if (text == null || text.isBlank()) {
            return RANDOM;
        }
        try {
            return valueOf(text.strip().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("UNKNOWN_COLOR", "color '" + text + "' is not WHITE, BLACK or RANDOM");
        }
    }

    public Color resolve(RandomGenerator random) {
        return switch (this) {
            case WHITE -> Color.WHITE;
            case BLACK -> Color.BLACK;
            case RANDOM -> random.nextBoolean() ? Color.WHITE : Color.BLACK;
        };
    }
}
