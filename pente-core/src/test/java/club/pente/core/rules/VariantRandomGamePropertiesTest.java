package club.pente.core.rules;

import club.pente.core.notation.BoardText;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The invariants of {@link RandomGamePropertiesTest} for every variant, checked move by move over random legal
 * games (fixed seeds), plus what each variant adds: trio captures, the 15-stone win, no captures in Gomoku.
 */
class VariantRandomGamePropertiesTest {
    private static final int GAMES = 200;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyMoveKeepsTheCountsTheBoardAndTheResultConsistent(Variant variant) {
        Map<Kind, Integer> seen = new EnumMap<>(Kind.class);
        for (Kind kind : Kind.values()) {
            seen.put(kind, 0);
        }
        for (int seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Position position = new Position(variant);
            int[] placed = new int[3];
            while (!position.status().isOver() && position.ply() < 400) {
                Color mover = position.toMove();
                int[] before = codes(position);
                int capturesBefore = position.capturedPairs(mover);
                int takenBefore = position.capturedStones(mover);
                int captures = position.apply(RandomGames.randomMove(position, random));
                placed[mover.code()]++;
                // Checked by hand, not with AssertJ, on this path: it runs for every move of 600 games.
                Where at = new Where(seed, position.ply());

                // The stones that left the board are exactly the ones capturedAt lists, all the opponent's.
                int[] after = codes(position);
                int[] listed = position.capturedAt(position.ply());
                int emptied = 0;
                for (int point = 0; point < Board.POINTS; point++) {
                    if (before[point] != 0 && after[point] == 0) {
                        at.expect("colour of emptied " + point, before[point], mover.opponent().code());
                        at.expect("emptied " + point + " is listed", contains(listed, point) ? 1 : 0, 1);
                        emptied++;
                    }
                }
                at.expect("points listed", listed.length, emptied);
                int stonesTaken = position.capturedStones(mover) - takenBefore;
                at.expect("stones taken", stonesTaken, emptied);
                at.expect("captures", position.capturedPairs(mover) - capturesBefore, captures);
                if (variant == Variant.PENTE) {
                    at.expect("two per pair", stonesTaken, 2 * captures);
                } else if (variant == Variant.KERYO) {
                    at.expect("two or three per capture", stonesTaken >= 2 * captures && stonesTaken <= 3 * captures ? 1 : 0, 1);
                    seen.merge(Kind.TRIO, stonesTaken - 2 * captures, Integer::sum);
                } else {
                    at.expect("no captures", stonesTaken, 0);
                }
                seen.merge(Kind.CAPTURE, captures, Integer::sum);

                for (Color color : Color.values()) {
                    at.expect(color + " stones placed - taken", position.stones(color),
                            placed[color.code()] - position.capturedStones(color.opponent()));
                    at.expect(color + " stones on the board", position.stones(color), count(after, color.code()));
                }
                at.expect("stone count", position.stoneCount(), position.stones(Color.WHITE) + position.stones(Color.BLACK));
                at.expect("hash from scratch", position.hash(), hashFromScratch(position));
                checkResult(position, mover, at, seen);
            }
        }
        assertThat(seen.get(Kind.FIVE)).as("fives").isGreaterThan(10);
        if (variant == Variant.GOMOKU) {
            assertThat(seen.get(Kind.CAPTURE)).isZero();
        } else {
            assertThat(seen.get(Kind.CAPTURE)).as("captures").isGreaterThan(100);
            assertThat(seen.get(Kind.CAPTURE_WIN)).as("capture wins").isGreaterThan(0);
        }
        if (variant == Variant.KERYO) {
            assertThat(seen.get(Kind.TRIO)).as("trios").isGreaterThan(50);
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void undoRestoresTheExactEarlierStateAndHash(Variant variant) {
        for (int seed = 0; seed < GAMES / 2; seed++) {
            SplittableRandom random = new SplittableRandom(1_000_000L + seed);
            Position position = new Position(variant);
            List<String> states = new ArrayList<>();
            List<Long> hashes = new ArrayList<>();
            while (!position.status().isOver() && position.ply() < 400) {
                states.add(state(position));
                hashes.add(position.hash());
                position.apply(RandomGames.randomMove(position, random));
            }
            for (int i = states.size() - 1; i >= 0; i--) {
                position.undo();
                assertThat(position.hash()).as("seed %d back to ply %d", seed, i).isEqualTo(hashes.get(i));
                assertThat(state(position)).isEqualTo(states.get(i));
            }
            assertThat(position.ply()).isZero();
            assertThat(position.hash()).isEqualTo(new Position(variant).hash());
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void twoMoveOrdersReachingOnePositionHashAlike(Variant variant) {
        // Swap two of one side's moves that captured nothing and were not captured: same stones, counts, side.
        int compared = 0;
        for (int seed = 0; seed < 100; seed++) {
            Position position = RandomGames.game(variant, new SplittableRandom(2_000_000L + seed), 120);
            assertThat(position.variant()).isEqualTo(variant);
            int[] moves = new int[position.ply()];
            for (int ply = 1; ply <= moves.length; ply++) {
                moves[ply - 1] = position.pointAt(ply);
            }
            for (int i = 2; i + 2 < moves.length && compared < 1_000; i += 7) {
                int j = i + 2;
                int[] swapped = moves.clone();
                swapped[i] = moves[j];
                swapped[j] = moves[i];
                Position again = replayOrNull(variant, swapped);
                if (again == null || !state(again).equals(state(position))) {
                    continue; // the swap changed a capture, the opening rule or a result: not the same position
                }
                assertThat(again.hash()).as("seed %d swap %d-%d", seed, i, j).isEqualTo(position.hash());
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(100);
    }

    private static Position replayOrNull(Variant variant, int[] moves) {
        Position position = new Position(variant);
        for (int move : moves) {
            if (position.check(move) != null) {
                return null;
            }
            position.apply(move);
        }
        return position;
    }

    private enum Kind { CAPTURE, TRIO, FIVE, CAPTURE_WIN }

    /** Where a random game is, for a failure's message. */
    private record Where(int seed, int ply) {
        void expect(String what, long actual, long expected) {
            if (actual != expected) {
                fail("seed %d ply %d: %s was %d, expected %d", seed, ply, what, actual, expected);
            }
        }

        @Override
        public String toString() {
            return "seed " + seed + " ply " + ply;
        }
    }

    private static boolean contains(int[] points, int point) {
        for (int p : points) {
            if (p == point) {
                return true;
            }
        }
        return false;
    }

    private static void checkResult(Position position, Color mover, Where at, Map<Kind, Integer> seen) {
        int winStones = position.variant().captureWinStones();
        if (position.reason() == EndReason.FIVE_CAPTURES) {
            assertThat(winStones).as(at.toString()).isPositive();
            assertThat(position.status().winner()).as(at.toString()).isEqualTo(mover);
            assertThat(position.capturedStones(mover)).as(at.toString()).isGreaterThanOrEqualTo(winStones);
            assertThat(position.points(mover)).isEqualTo(position.capturedPairs(mover));
            seen.merge(Kind.CAPTURE_WIN, 1, Integer::sum);
        } else if (position.reason() == EndReason.FIVE_IN_A_ROW) {
            assertThat(position.status().winner()).as(at.toString()).isEqualTo(mover);
            assertThat(position.points(mover)).isEqualTo(position.capturedPairs(mover) + 5);
            seen.merge(Kind.FIVE, 1, Integer::sum);
        } else if (!position.status().isOver() && winStones > 0) {
            at.expect("below the capture win", position.capturedStones(mover) < winStones ? 1 : 0, 1);
        }
        at.expect("points of the side that did not move", position.points(mover.opponent()),
                position.capturedPairs(mover.opponent()));
    }

    /** The hash computed from what the position is, not how it was reached. */
    private static long hashFromScratch(Position position) {
        long h = Zobrist.VARIANT[position.variant().ordinal()];
        for (int point = 0; point < Board.POINTS; point++) {
            int code = position.codeAt(point);
            if (code != 0) {
                h ^= Zobrist.STONE[code][point];
            }
        }
        for (Color color : Color.values()) {
            int taken = position.capturedStones(color);
            if (taken != 0) {
                h ^= Zobrist.CAPTURES[color.code()][0] ^ Zobrist.CAPTURES[color.code()][taken & 63];
            }
        }
        return position.toMove() == Color.BLACK ? h ^ Zobrist.BLACK_TO_MOVE : h;
    }

    private static int[] codes(Position position) {
        int[] codes = new int[Board.POINTS];
        for (int point = 0; point < Board.POINTS; point++) {
            codes[point] = position.codeAt(point);
        }
        return codes;
    }

    private static int count(int[] codes, int code) {
        int n = 0;
        for (int c : codes) {
            if (c == code) {
                n++;
            }
        }
        return n;
    }

    private static String state(Position position) {
        return position.variant() + " " + String.join("/", BoardText.rows(position)) + " ply=" + position.ply()
                + " move=" + position.toMove()
                + " captures=" + position.capturedPairs(Color.WHITE) + ":" + position.capturedPairs(Color.BLACK)
                + " taken=" + position.capturedStones(Color.WHITE) + ":" + position.capturedStones(Color.BLACK)
                + " stones=" + position.stones(Color.WHITE) + ":" + position.stones(Color.BLACK)
                + " status=" + position.status() + " reason=" + position.reason();
    }
}
