package club.pente.matchmaking.domain;

import club.pente.core.rules.Variant;

/** The variant a request names (PENTE, KERYO or GOMOKU, any case; absent is Pente), or a precise 400. */
public final class Variants {
    private Variants() {
    }

    public static Variant check(String text) {
        try {
            return Variant.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("UNKNOWN_VARIANT", "variant must be PENTE, KERYO or GOMOKU"
                    + (text.strip().length() <= 16 ? ", not '" + text.strip() + "'" : ""));
        }
    }
}
