package club.pente.matchmaking.domain;

/** Ranked games change ratings and are played only between accounts; casual games admit guests. */
public enum Mode {
    RANKED, CASUAL;

    public static Mode parse(String text) {
        if (text == null || text.isBlank()) {
            throw new BadRequestException("MISSING_MODE", "mode is required: RANKED or CASUAL");
        }
        try {
            return valueOf(text.strip().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("UNKNOWN_MODE", "mode '" + text + "' is not RANKED or CASUAL");
        }
    }
}
