package club.pente.core.rules;

import java.util.Locale;

/**
 * The games the club plays on one 19x19 board: parameters of one rules core, not copies of it.
 * <ul>
 *   <li>{@link #PENTE}: custodial captures of exactly two stones; five in a row or five captured pairs
 *   (ten stones) wins; the tournament rule (White's second stone three or more points from the centre).</li>
 *   <li>{@link #KERYO}: Keryo-Pente, captures of two <em>or three</em> stones; five in a row or fifteen
 *   captured stones wins; the tournament rule.</li>
 *   <li>{@link #GOMOKU}: no captures; five (or more) in a row wins; the first stone on the centre, then
 *   no opening restriction.</li>
 * </ul>
 * {@link #id()} is the lower-case name used in JSON, URLs, records and the command line.
 */
public enum Variant {
    PENTE(true, false, 10, true),
    KERYO(true, true, 15, true),
    GOMOKU(false, false, 0, false);

    public static final Variant DEFAULT = PENTE;

    private final boolean pairCaptures;
    private final boolean trioCaptures;
    private final int captureWinStones;
    private final boolean tournamentRule;

    Variant(boolean pairCaptures, boolean trioCaptures, int captureWinStones, boolean tournamentRule) {
        this.pairCaptures = pairCaptures;
        this.trioCaptures = trioCaptures;
        this.captureWinStones = captureWinStones;
        this.tournamentRule = tournamentRule;
    }

    /** Whether flanking two stones captures them. */
    public boolean pairCaptures() {
        return pairCaptures;
    }

    /** Whether flanking three stones captures them (Keryo). */
    public boolean trioCaptures() {
        return trioCaptures;
    }

    /** Captured stones that win the game, 0 when captures never win. */
    public int captureWinStones() {
        return captureWinStones;
    }

    /** Whether White's second stone (ply 3) must be three or more points from the centre. */
    public boolean tournamentRule() {
        return tournamentRule;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The variant for an id ({@code pente}, {@code keryo}, {@code gomoku}; any case); null or blank is Pente. */
    public static Variant parse(String id) {
        if (id == null || id.isBlank()) {
            return DEFAULT;
        }
        String key = id.strip();
        if (key.length() > 16) {
            throw new IllegalArgumentException("unknown variant (pente, keryo or gomoku)");
        }
        for (Variant variant : values()) {
            if (variant.id().equalsIgnoreCase(key)) {
                return variant;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + key + "' (pente, keryo or gomoku)");
    }

    /** Null (from records written before variants) is Pente. */
    public static Variant orDefault(Variant variant) {
        return variant == null ? DEFAULT : variant;
    }
}
