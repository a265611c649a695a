package club.pente.ai.engine.review;

import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;

import java.util.Arrays;
import java.util.List;

/** Hand-made games whose decisive mistake is known; each is checked move by move against the rules in the tests. */
final class Games {
    private Games() {
    }

    /**
     * White builds K10-K13 on column K against Black's K9 (a closed four after ply 7: only K14 completes
     * it). Black's eighth move must be K14; A1 ignores the four and White's K14 at ply 9 is five in a row.
     */
    static final String CLOSED_FOUR = "K10 K9 K13 L12 K11 J12 K12";
    static final String FOUR_IGNORED = CLOSED_FOUR + " A1 K14";
    /** As {@link #FOUR_IGNORED}, but White answers A1 with A19 instead of the five, and Black then blocks. */
    static final String FIVE_MISSED = CLOSED_FOUR + " A1 A19 K14";
    /** Black blocks at once: K14 is the only move that does not lose at once. */
    static final String FOUR_BLOCKED = CLOSED_FOUR + " K14";

    /**
     * Both sides take four pairs (White on rows 2 and 18 at the edges, Black on columns A, T and K), Black's
     * L11 waiting in between; after 34 plies White is to move, 4 pairs each, nothing attacked. White's J9
     * makes the pair J9-K10 against Black's L11, so Black's H8 takes the fifth pair.
     */
    static final String FOUR_PAIRS_EACH = "K10"
            + " B2 A2 C2 D2  B18 A18 C18 D18  R2 Q2 S2 T2  R18 Q18 S18 T18"   // White captures 4 pairs
            + " L11"                                                          // Black waits
            + " A9 A8 A10 A11  T9 T8 T10 T11  K2 K1 K3 K4  K17 K16 K18 K19";  // Black captures 4 pairs
    static final String PAIR_GIVEN = FOUR_PAIRS_EACH + " J9 H8";
    /** Black misses the fifth pair (A19), White then covers it with H8. */
    static final String PAIR_MISSED = FOUR_PAIRS_EACH + " J9 A19 H8";

    /** An engine game (level 4 White against level 8 Black, 100 ms a move, seed 5): Black wins by five at ply 42. */
    static final String LEVEL_4_AGAINST_8 = "K10 K9 H7 J10 H11 L8 M7 G8 H9 G10 G7 H8 J7 J8 K8 F8 E8 L9 L10 H6 J7 K8"
            + " M10 J8 K8 L9 K8 J12 O10 N10 J11 H12 L7 K10 K7 J7 G5 J7 F7 J9 J11 J6";

    static List<Integer> points(String moves) {
        return Arrays.stream(moves.trim().split("\\s+")).map(Notation::parse).toList();
    }

    static Position play(String moves) {
        Position position = new Position();
        for (int point : points(moves)) {
            position.play(point);
        }
        return position;
    }

    static int p(String notation) {
        return Notation.parse(notation);
    }
}
