package club.pente.matchmaking.tournament;

import club.pente.core.rules.Color;

import java.util.ArrayList;
import java.util.List;

/**
 * Pairs a Swiss round from the standings (best first). Rules, hardest first:
 * <ol>
 *   <li>no two players meet twice (dropped only when no pairing without a repeat exists, e.g. more rounds than
 *   opponents);</li>
 *   <li>with an odd count the bye goes to the lowest-ranked player who has not had one (a second bye only when
 *   every other choice would force a repeat);</li>
 *   <li>colours stay balanced: as few pairs as possible of two players who both had the same colour more often
 *   (one of them would get it again); of a pair, the one who had White more often gets Black; equal, the one
 *   whose last game was with White gets Black; still equal, the higher-ranked gets White on the odd boards and Black
 *   on the even ones.</li>
 * </ol>
 * Within those rules each player, from the top, meets the best-placed opponent still free (backtracking).
 */
public final class SwissPairing {
    /** Search steps per attempt before relaxing a rule; ample for 64 players, bounded for hostile histories. */
    private static final int BUDGET = 20_000;

    private SwissPairing() {
    }

    public static RoundPairing pair(List<String> standings, History history) {
        if (standings.size() < 2) {
            throw new IllegalArgumentException("a round needs two players at least");
        }
        // Bye candidates from the bottom: first those without a bye, then (only if no pairing without a repeat
        // exists otherwise) those who had one.
        List<String> fresh = new ArrayList<>();
        List<String> again = new ArrayList<>();
        if (standings.size() % 2 == 1) {
            for (int i = standings.size() - 1; i >= 0; i--) {
                (history.hadBye(standings.get(i)) ? again : fresh).add(standings.get(i));
            }
        } else {
            fresh.add(null);
        }
        for (boolean repeats : new boolean[] {false, true}) {
            for (List<String> candidates : List.of(fresh, again)) {
                for (int conflicts = 0; conflicts <= standings.size() / 2; conflicts++) {
                    for (String bye : candidates) {
                        List<String> players = new ArrayList<>(standings);
                        players.remove(bye);
                        List<String[]> couples = new Search(players, history, repeats, conflicts).run();
                        if (couples != null) {
                            return new RoundPairing(colour(couples, history), bye);
                        }
                    }
                }
            }
        }
        throw new IllegalStateException("no pairing found"); // unreachable: with repeats allowed any even list pairs
    }

    private static List<Pair> colour(List<String[]> couples, History history) {
        List<Pair> games = new ArrayList<>();
        for (int board = 0; board < couples.size(); board++) {
            String higher = couples.get(board)[0];
            String lower = couples.get(board)[1];
            int h = history.colourBalance(higher);
            int l = history.colourBalance(lower);
            boolean higherWhite;
            if (h != l) {
                higherWhite = h < l;
            } else if (history.lastColour(higher) != history.lastColour(lower)) {
                higherWhite = history.lastColour(higher) != Color.WHITE
                        && (history.lastColour(higher) == Color.BLACK || history.lastColour(lower) == Color.WHITE);
            } else {
                higherWhite = board % 2 == 0;
            }
            games.add(higherWhite ? new Pair(higher, lower) : new Pair(lower, higher));
        }
        return games;
    }

    /** Depth-first: the first free player meets the first allowed free opponent below; undo when the rest fails. */
    private static final class Search {
        private final List<String> players;
        private final History history;
        private final boolean repeats;
        private final int maxConflicts;
        private int conflicts;
        private final boolean[] taken;
        private final List<String[]> couples = new ArrayList<>();
        private int steps;

        Search(List<String> players, History history, boolean repeats, int maxConflicts) {
            this.players = players;
            this.history = history;
            this.repeats = repeats;
            this.maxConflicts = maxConflicts;
            this.taken = new boolean[players.size()];
        }

        List<String[]> run() {
            return extend() ? couples : null;
        }

        private boolean extend() {
            int first = -1;
            for (int i = 0; i < taken.length; i++) {
                if (!taken[i]) {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                return true;
            }
            taken[first] = true;
            for (int j = first + 1; j < taken.length; j++) {
                if (taken[j] || !repeats && history.met(players.get(first), players.get(j))) {
                    continue;
                }
                boolean conflict = conflict(players.get(first), players.get(j));
                if (conflict && conflicts >= maxConflicts) {
                    continue;
                }
                if (++steps > BUDGET) {
                    break;
                }
                taken[j] = true;
                conflicts += conflict ? 1 : 0;
                couples.add(new String[] {players.get(first), players.get(j)});
                if (extend()) {
                    return true;
                }
                couples.remove(couples.size() - 1);
                conflicts -= conflict ? 1 : 0;
                taken[j] = false;
            }
            taken[first] = false;
            return false;
        }

        /** Both had one colour more often than the other, the same one: one of them gets it again. */
        private boolean conflict(String a, String b) {
            int ba = history.colourBalance(a);
            int bb = history.colourBalance(b);
            return ba == bb && ba != 0;
        }
    }
}
