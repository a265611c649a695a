package club.pente.ai.engine;

import club.pente.core.rules.Board;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;

import java.util.Arrays;
import java.util.SplittableRandom;

import static club.pente.ai.engine.Geometry.CELLS;
import static club.pente.ai.engine.Geometry.CELL_OF_POINT;
import static club.pente.ai.engine.Geometry.DIRS;
import static club.pente.ai.engine.Geometry.MAX_SEGMENTS_AT;
import static club.pente.ai.engine.Geometry.MAX_WINDOWS_AT;
import static club.pente.ai.engine.Geometry.NEAR;
import static club.pente.ai.engine.Geometry.SEGMENTS_AT;
import static club.pente.ai.engine.Geometry.SEGMENTS_AT_COUNT;
import static club.pente.ai.engine.Geometry.SEGMENT_WEIGHT;
import static club.pente.ai.engine.Geometry.WINDOWS_AT;
import static club.pente.ai.engine.Geometry.WINDOWS_AT_COUNT;
import static club.pente.ai.engine.Geometry.WINDOW_CELLS;
import static club.pente.ai.engine.Geometry.WINDOW_WEIGHT;

/**
 * The search's own board. It plays by exactly the rules of {@link Position} for its {@link Variant}
 * (captures, five or more in a row through the placed stone, fifth pair, full-board draw, the opening
 * rule at plies 1 and 3; Keryo's trio captures and 15-stone win; Gomoku without captures or tournament
 * rule; a test replays random games of each variant on both and compares them) but also keeps,
 * incrementally and without allocating, what the evaluation and move ordering need:
 * <ul>
 *   <li>for each window of five: how many white and black stones it holds, hence a running line score
 *       and the number of fours and threes per colour;</li>
 *   <li>for each segment of four: its pattern, hence the number of capture threats and of open pairs
 *       ({@code _ O O _}) per colour;</li>
 *   <li>in Keryo, for each window of five read as a pattern: the trio capture threats
 *       ({@code X O O O _}) per colour;</li>
 *   <li>for each cell: the stones within distance 2 (move candidates);</li>
 *   <li>a Zobrist hash over stones, captures (pairs; stones in Keryo), side to move and variant.</li>
 * </ul>
 * The variant is fixed per board; its rules are final fields read outside the inner loops (Gomoku skips
 * the capture bookkeeping, only Keryo pays for the trio patterns), so Pente runs as fast as before.
 * Colours are codes: 1 white, 2 black. Not thread-safe.
 */
final class EngineBoard {
    static final int ONGOING = 0;
    static final int DRAW = 3;
    /** Captured stones no game reaches: the capture-win threshold of variants without one. */
    private static final int NEVER = 1 << 20;
    /** Size of the tables indexed by captured stones (a game ends by 15 + one move's 24 at most). */
    private static final int MAX_TAKEN = 128;

    // Window code = white stones + 6 * black stones.
    static final int BLACK_UNIT = 6;
    /** Line score of a window, White's view: only windows free of the other colour count. */
    static final int[] WINDOW_SCORE = new int[36];
    static final int[] WINDOW_WHITE = new int[36];
    static final int[] WINDOW_BLACK = new int[36];
    /** Whose four (or three) a window is: four (three) stones of one colour, none of the other; 0 none. */
    static final byte[] FOUR_OF = new byte[36];
    static final byte[] THREE_OF = new byte[36];

    // Segment code = sum of cell colour * 3^i.
    /** Who can capture in a segment: pattern {@code X O O _} or {@code _ O O X}; 0 nobody. */
    static final byte[] CAPTURER = new byte[81];
    /** Whose pair sits in {@code _ O O _} (one move from being threatened); 0 none. */
    static final byte[] OPEN_PAIR = new byte[81];
    // Trio code (Keryo) = sum of cell colour * 3^i over a window's five cells.
    /** Who can capture a trio in a window: pattern {@code X O O O _} or {@code _ O O O X}; 0 nobody. */
    static final byte[] TRIO_CAPTURER = new byte[243];

    private static final long[][] ZOBRIST_STONE = new long[3][CELLS];
    private static final long[][] ZOBRIST_PAIRS = new long[3][64];
    private static final long ZOBRIST_BLACK;
    /** Per variant, xor-ed into the hash (Pente's is 0, so Pente hashes are unchanged). */
    private static final long[] ZOBRIST_VARIANT = new long[Variant.values().length];

    static {
        int[] value = EvalWeights.DEFAULT.windowValues();
        for (int w = 0; w <= 5; w++) {
            for (int b = 0; w + b <= 5; b++) {
                int code = w + BLACK_UNIT * b;
                WINDOW_WHITE[code] = w;
                WINDOW_BLACK[code] = b;
                WINDOW_SCORE[code] = b == 0 ? value[w] : w == 0 ? -value[b] : 0;
                FOUR_OF[code] = (byte) (b == 0 && w == 4 ? 1 : w == 0 && b == 4 ? 2 : 0);
                THREE_OF[code] = (byte) (b == 0 && w == 3 ? 1 : w == 0 && b == 3 ? 2 : 0);
            }
        }
        for (int code = 0; code < 81; code++) {
            int c0 = code % 3;
            int c1 = code / 3 % 3;
            int c2 = code / 9 % 3;
            int c3 = code / 27;
            if (c1 != 0 && c1 == c2) {
                int other = 3 - c1;
                if ((c0 == other && c3 == 0) || (c0 == 0 && c3 == other)) {
                    CAPTURER[code] = (byte) other;
                } else if (c0 == 0 && c3 == 0) {
                    OPEN_PAIR[code] = (byte) c1;
                }
            }
        }
        for (int code = 0; code < 243; code++) {
            int c0 = code % 3;
            int c1 = code / 3 % 3;
            int c2 = code / 9 % 3;
            int c3 = code / 27 % 3;
            int c4 = code / 81;
            if (c1 != 0 && c1 == c2 && c2 == c3) {
                int other = 3 - c1;
                if ((c0 == other && c4 == 0) || (c0 == 0 && c4 == other)) {
                    TRIO_CAPTURER[code] = (byte) other;
                }
            }
        }
        SplittableRandom random = new SplittableRandom(0x5EED_2024_AB1EL);
        for (int c = 1; c <= 2; c++) {
            for (int cell = 0; cell < CELLS; cell++) {
                ZOBRIST_STONE[c][cell] = random.nextLong();
            }
            for (int n = 0; n < 64; n++) {
                ZOBRIST_PAIRS[c][n] = random.nextLong();
            }
        }
        ZOBRIST_BLACK = random.nextLong();
        // Drawn after the others so that Pente's keys stay what they were.
        for (Variant v : Variant.values()) {
            ZOBRIST_VARIANT[v.ordinal()] = v == Variant.PENTE ? 0 : random.nextLong();
        }
    }

    /** The evaluation's weights; {@link #windowScore} is {@link #WINDOW_SCORE} built from them (E owns the values). */
    final EvalWeights weights;
    final int[] windowScore;

    /** The rules this board plays; fixed, so that the search's tables never mix variants. */
    final Variant variant;
    /** Whether flanking stones are captured at all (not in Gomoku). */
    final boolean captures;
    /** Whether flanked trios are captured too (Keryo). */
    final boolean trios;
    /** Captured stones that win (10 Pente, 15 Keryo; unreachable in Gomoku). */
    final int winStones;
    private final boolean tournamentRule;
    private final long variantKey;
    /**
     * The evaluation's capture terms by captured stones, from {@link #weights} scaled to the variant's
     * threshold (Pente: pairValue(stones / 2), so exactly the tuned numbers; Keryo: the same curve over
     * 15 stones; Gomoku: zeros): having taken them, and what the next pair (trio) capture would add.
     */
    final int[] captureValue = new int[MAX_TAKEN];
    final int[] nextPairValue = new int[MAX_TAKEN];
    final int[] nextTrioValue = new int[MAX_TAKEN];
    /** Captured stones as "pairs towards the win" (Pente stones / 2, Keryo stones / 3), for move ordering. */
    final int[] captureProgress = new int[MAX_TAKEN];

    final byte[] cells = new byte[CELLS];
    final byte[] windows = new byte[Geometry.WINDOWS];
    final byte[] segments = new byte[Geometry.SEGMENTS];
    final byte[] near = new byte[CELLS];
    /** Captures made by each colour (pairs; in Keryo pairs and trios), as {@link Position#capturedPairs}. */
    final int[] pairs = new int[3];
    /** Stones captured by each colour, as {@code Position.capturedStones}. */
    final int[] taken = new int[3];
    final int[] fours = new int[3];
    final int[] threes = new int[3];
    final int[] captureThreats = new int[3];
    final int[] openPairs = new int[3];
    /** Keryo: trio capture threats per colour, listed in {@code trioList} (window ids). */
    final int[] trioThreats = new int[3];
    final short[] trioSegments = new short[Geometry.WINDOWS];
    /**
     * The windows counted in {@code fours[c]} / {@code threes[c]} and the segments counted in
     * {@code captureThreats[c]}, as unordered lists (first {@code count} entries) with each member's
     * index, kept through place/capture/undo so that move generation never scans the whole board.
     */
    final int[][] fourList = new int[3][Geometry.WINDOWS];
    final int[][] threeList = new int[3][Geometry.WINDOWS];
    final int[][] captureList = new int[3][Geometry.SEGMENTS];
    private final int[] fourIndex = new int[Geometry.WINDOWS];
    private final int[] threeIndex = new int[Geometry.WINDOWS];
    private final int[] captureIndex = new int[Geometry.SEGMENTS];
    final int[][] trioList = new int[3][Geometry.WINDOWS];
    private final int[] trioIndex = new int[Geometry.WINDOWS];
    int lineScore;
    int toMove = 1;
    int ply;
    int stoneTotal;
    long hash;
    /** 0 while the game goes on, else the winner's colour code, or {@link #DRAW}. */
    int result;

    private int[] moves = new int[512];
    /** Per move: bit d for a pair captured in direction d, bit 8 + d for a trio. */
    private short[] captureMasks = new short[512];
    private int length;

    EngineBoard() {
        this(EvalWeights.DEFAULT);
    }

    EngineBoard(EvalWeights weights) {
        this(weights, Variant.PENTE);
    }

    EngineBoard(EvalWeights weights, Variant variant) {
        this.weights = weights;
        this.variant = Variant.orDefault(variant);
        this.windowScore = weights == EvalWeights.DEFAULT ? WINDOW_SCORE : windowTable(weights);
        this.captures = this.variant.pairCaptures();
        this.trios = this.variant.trioCaptures();
        this.winStones = this.variant.captureWinStones() > 0 ? this.variant.captureWinStones() : NEVER;
        this.tournamentRule = this.variant.tournamentRule();
        this.variantKey = ZOBRIST_VARIANT[this.variant.ordinal()];
        this.hash = variantKey;
        captureTables();
        Arrays.fill(cells, Geometry.BORDER);
        for (int cell : CELL_OF_POINT) {
            cells[cell] = 0;
        }
    }

    /** Fills the capture terms by captured stones (see {@link #captureValue}). */
    private void captureTables() {
        if (!captures) {
            return;
        }
        if (!trios) {
            for (int s = 0; s < MAX_TAKEN; s++) {
                captureValue[s] = weights.pairValue(s / 2);
                nextPairValue[s] = weights.nextPair(s / 2);
                nextTrioValue[s] = nextPairValue[s];
                captureProgress[s] = s / 2;
            }
            return;
        }
        // Keryo: the pair curve over the variant's threshold; pairValue(k) at k = stones * 5 / winStones.
        final int win = winStones;
        for (int s = 0; s < MAX_TAKEN; s++) {
            int scaled = s * 5;
            int k = scaled / win;
            if (k >= 4) {
                captureValue[s] = weights.pairValue(4);
            } else {
                int low = weights.pairValue(k);
                int high = weights.pairValue(k + 1);
                captureValue[s] = low + (high - low) * (scaled - k * win) / win;
            }
            captureProgress[s] = Math.min(s * 5 / win, 5);
        }
        for (int s = 0; s < MAX_TAKEN; s++) {
            nextPairValue[s] = s + 2 >= win ? weights.fifthPairThreat() : captureValue[s + 2] - captureValue[s];
            nextTrioValue[s] = s + 3 >= win ? weights.fifthPairThreat() : captureValue[s + 3] - captureValue[s];
        }
    }

    private static int[] windowTable(EvalWeights weights) {
        int[] value = weights.windowValues();
        int[] table = new int[36];
        for (int w = 0; w <= 5; w++) {
            for (int b = 0; w + b <= 5; b++) {
                table[w + BLACK_UNIT * b] = b == 0 ? value[w] : w == 0 ? -value[b] : 0;
            }
        }
        return table;
    }

    /** The engine's copy of a core position (stones, captures, side to move, ply, result), in its variant. */
    static EngineBoard of(Position position) {
        EngineBoard board = new EngineBoard(EvalWeights.DEFAULT, position.variant());
        board.load(position);
        return board;
    }

    /**
     * Replaces this board's contents with a core position of the board's variant; the history starts empty.
     *
     * @throws IllegalArgumentException when the position plays another variant
     */
    void load(Position position) {
        if (position.variant() != variant) {
            throw new IllegalArgumentException("a " + position.variant().id() + " position on a "
                    + variant.id() + " board");
        }
        while (length > 0) {
            undo();
        }
        for (int cell : CELL_OF_POINT) {
            if (cells[cell] != 0) {
                set(cell, 0);
            }
        }
        stoneTotal = 0;
        hash = variantKey;
        for (int p = 0; p < Board.POINTS; p++) {
            int code = position.codeAt(p);
            if (code != 0) {
                set(CELL_OF_POINT[p], code);
                hash ^= ZOBRIST_STONE[code][CELL_OF_POINT[p]];
                stoneTotal++;
            }
        }
        for (int c = 1; c <= 2; c++) {
            pairs[c] = position.capturedPairs(Color.ofCode(c));
            taken[c] = Math.min(position.capturedStones(Color.ofCode(c)), MAX_TAKEN - 1);
            hash ^= ZOBRIST_PAIRS[c][captureKey(c) & 63];
        }
        toMove = position.toMove().code();
        if (toMove == 2) {
            hash ^= ZOBRIST_BLACK;
        }
        ply = position.ply();
        Color winner = position.status().winner();
        result = winner != null ? winner.code() : position.status().isOver() ? DRAW : ONGOING;
    }

    /** Mirrors {@link Position#check}: whether the side to move may play the point. */
    boolean isLegal(int point) {
        if (result != ONGOING || point < 0 || point >= Board.POINTS || cells[CELL_OF_POINT[point]] != 0) {
            return false;
        }
        if (ply == 0) {
            return point == Board.CENTRE;
        }
        return ply != 2 || !tournamentRule || Board.distance(point, Board.CENTRE) >= 3;
    }

    /** The count the hash keys captures by: pairs in Pente (as always), stones in Keryo. */
    private int captureKey(int color) {
        return trios ? taken[color] : pairs[color];
    }

    /** Plays a legal move given as a cell; returns the captures it made (pairs, in Keryo pairs and trios). */
    int apply(int cell) {
        final byte[] b = cells;
        final int me = toMove;
        final int opp = 3 - me;
        boolean five = set(cell, me);
        long h = hash ^ ZOBRIST_STONE[me][cell];
        stoneTotal++;
        int mask = 0;
        int captured = 0;
        int stonesTaken = 0;
        if (captures) {
            final boolean trio = trios;
            for (int d = 0; d < 8; d++) {
                int off = DIRS[d];
                int c1 = cell + off;
                if (b[c1] == opp && b[c1 + off] == opp) {
                    int c3 = b[c1 + 2 * off];
                    if (c3 == me) {
                        set(c1, 0);
                        set(c1 + off, 0);
                        h ^= ZOBRIST_STONE[opp][c1] ^ ZOBRIST_STONE[opp][c1 + off];
                        mask |= 1 << d;
                        captured++;
                        stonesTaken += 2;
                    } else if (trio && c3 == opp && b[c1 + 3 * off] == me) {
                        set(c1, 0);
                        set(c1 + off, 0);
                        set(c1 + 2 * off, 0);
                        h ^= ZOBRIST_STONE[opp][c1] ^ ZOBRIST_STONE[opp][c1 + off] ^ ZOBRIST_STONE[opp][c1 + 2 * off];
                        mask |= 1 << (8 + d);
                        captured++;
                        stonesTaken += 3;
                    }
                }
            }
        }
        if (captured != 0) {
            int before = captureKey(me);
            pairs[me] += captured;
            taken[me] += stonesTaken;
            stoneTotal -= stonesTaken;
            h ^= ZOBRIST_PAIRS[me][before & 63] ^ ZOBRIST_PAIRS[me][captureKey(me) & 63];
        }
        if (length == moves.length) {
            moves = Arrays.copyOf(moves, length * 2);
            captureMasks = Arrays.copyOf(captureMasks, length * 2);
        }
        moves[length] = cell;
        captureMasks[length] = (short) mask;
        length++;
        ply++;
        toMove = opp;
        hash = h ^ ZOBRIST_BLACK;
        if (five || taken[me] >= winStones) {
            result = me;
        } else if (stoneTotal == Board.POINTS) {
            result = DRAW;
        }
        return captured;
    }

    /** Passes the turn (a null move, for the search's null-move pruning); undo with {@link #unpass}. */
    void pass() {
        toMove = 3 - toMove;
        hash ^= ZOBRIST_BLACK;
    }

    void unpass() {
        toMove = 3 - toMove;
        hash ^= ZOBRIST_BLACK;
    }

    void undo() {
        length--;
        final int cell = moves[length];
        final int mask = captureMasks[length];
        final int opp = toMove;
        final int me = 3 - opp;
        long h = hash ^ ZOBRIST_BLACK ^ ZOBRIST_STONE[me][cell];
        set(cell, 0);
        stoneTotal--;
        if (mask != 0) {
            int restored = 0;
            int stonesBack = 0;
            for (int d = 0; d < 8; d++) {
                int off = DIRS[d];
                int c1 = cell + off;
                if ((mask & (1 << d)) != 0) {
                    set(c1, opp);
                    set(c1 + off, opp);
                    h ^= ZOBRIST_STONE[opp][c1] ^ ZOBRIST_STONE[opp][c1 + off];
                    restored++;
                    stonesBack += 2;
                } else if ((mask & (1 << (8 + d))) != 0) {
                    set(c1, opp);
                    set(c1 + off, opp);
                    set(c1 + 2 * off, opp);
                    h ^= ZOBRIST_STONE[opp][c1] ^ ZOBRIST_STONE[opp][c1 + off] ^ ZOBRIST_STONE[opp][c1 + 2 * off];
                    restored++;
                    stonesBack += 3;
                }
            }
            int after = captureKey(me);
            pairs[me] -= restored;
            taken[me] -= stonesBack;
            stoneTotal += stonesBack;
            h ^= ZOBRIST_PAIRS[me][after & 63] ^ ZOBRIST_PAIRS[me][captureKey(me) & 63];
        }
        ply--;
        toMove = me;
        hash = h;
        result = ONGOING;
    }

    /**
     * Puts a colour (or 0) on a cell and updates windows, segments and neighbour counts.
     *
     * @return whether a placed stone completed a window of five (five or more in a row)
     */
    private boolean set(int cell, int color) {
        final int old = cells[cell];
        cells[cell] = (byte) color;
        final int stone = color != 0 ? color : old;
        final int sign = color != 0 ? 1 : -1;
        final int unit = stone == 1 ? sign : sign * BLACK_UNIT;
        boolean five = false;
        int score = lineScore;
        final byte[] w = windows;
        final int[] value = windowScore;
        final int wBase = cell * MAX_WINDOWS_AT;
        for (int k = wBase, end = wBase + WINDOWS_AT_COUNT[cell]; k < end; k++) {
            int id = WINDOWS_AT[k];
            int before = w[id];
            int after = before + unit;
            w[id] = (byte) after;
            score += value[after] - value[before];
            int fb = FOUR_OF[before];
            int fa = FOUR_OF[after];
            if (fb != fa) {
                if (fb != 0) {
                    remove(fourList[fb], fourIndex, fours, fb, id);
                }
                if (fa != 0) {
                    add(fourList[fa], fourIndex, fours, fa, id);
                }
            }
            int tb = THREE_OF[before];
            int ta = THREE_OF[after];
            if (tb != ta) {
                if (tb != 0) {
                    remove(threeList[tb], threeIndex, threes, tb, id);
                }
                if (ta != 0) {
                    add(threeList[ta], threeIndex, threes, ta, id);
                }
            }
            if (after == 5 || after == 5 * BLACK_UNIT) {
                five = true;
            }
        }
        lineScore = score;
        if (captures) {
            pairPatterns(cell, color - old);
            if (trios) {
                trioPatterns(cell, color - old);
            }
        }
        final byte[] nb = near;
        for (int off : NEAR) {
            nb[cell + off] += sign;
        }
        return five;
    }

    /** The pair patterns of the segments through a cell whose colour code changed by {@code delta}. */
    private void pairPatterns(int cell, int delta) {
        final byte[] s = segments;
        final int sBase = cell * MAX_SEGMENTS_AT;
        for (int k = sBase, end = sBase + SEGMENTS_AT_COUNT[cell]; k < end; k++) {
            int id = SEGMENTS_AT[k];
            int before = s[id];
            int after = before + delta * SEGMENT_WEIGHT[k];
            s[id] = (byte) after;
            int cb = CAPTURER[before];
            int ca = CAPTURER[after];
            if (cb != ca) {
                if (cb != 0) {
                    remove(captureList[cb], captureIndex, captureThreats, cb, id);
                }
                if (ca != 0) {
                    add(captureList[ca], captureIndex, captureThreats, ca, id);
                }
            }
            int ob = OPEN_PAIR[before];
            int oa = OPEN_PAIR[after];
            if (ob != oa) {
                openPairs[ob]--;
                openPairs[oa]++;
            }
        }
    }

    /** Keryo: the trio patterns of the windows through a cell whose colour code changed by {@code delta}. */
    private void trioPatterns(int cell, int delta) {
        final short[] t = trioSegments;
        final int base = cell * MAX_WINDOWS_AT;
        for (int k = base, end = base + WINDOWS_AT_COUNT[cell]; k < end; k++) {
            int id = WINDOWS_AT[k];
            int before = t[id];
            int after = before + delta * WINDOW_WEIGHT[k];
            t[id] = (short) after;
            int cb = TRIO_CAPTURER[before];
            int ca = TRIO_CAPTURER[after];
            if (cb != ca) {
                if (cb != 0) {
                    remove(trioList[cb], trioIndex, trioThreats, cb, id);
                }
                if (ca != 0) {
                    add(trioList[ca], trioIndex, trioThreats, ca, id);
                }
            }
        }
    }

    private static void add(int[] list, int[] index, int[] count, int color, int id) {
        int k = count[color]++;
        list[k] = id;
        index[id] = k;
    }

    private static void remove(int[] list, int[] index, int[] count, int color, int id) {
        int last = list[--count[color]];
        int k = index[id];
        list[k] = last;
        index[last] = k;
    }

    /** Whether the side to move wins with its next stone: a four to complete, or captures reaching the win. */
    boolean canWinNow() {
        int me = toMove;
        return fours[me] > 0 || canWinByCaptures(me);
    }

    /** Whether the opponent of the side to move threatens to win with its next stone. */
    boolean opponentThreatensWin() {
        int opp = 3 - toMove;
        return fours[opp] > 0 || canWinByCaptures(opp);
    }

    /**
     * Whether one stone of {@code color} would capture its way to the variant's win (Pente: the fifth
     * pair, or two or more pairs at once from three or fewer; Keryo: 15 stones by pairs and trios).
     * Cheap unless the stones taken plus those under threat reach the threshold.
     */
    boolean canWinByCaptures(int color) {
        final int pairThreats = captureThreats[color];
        final int trioThreat = trioThreats[color];
        if (pairThreats + trioThreat == 0) {
            return false;
        }
        final int need = winStones - taken[color];
        if (2 * pairThreats + 3 * trioThreat < need) {
            return false;
        }
        if (need <= 2 || (need == 3 && trioThreat > 0)) {
            return true;
        }
        return winningCaptureCell(color) >= 0;
    }

    /** An empty cell where {@code color} captures its way to the win, or -1. */
    int winningCaptureCell(int color) {
        final int need = winStones - taken[color];
        final int[] list = captureList[color];
        for (int k = 0, count = captureThreats[color]; k < count; k++) {
            int cell = pairThreatCell(list[k]);
            if (stonesCapturedAt(cell, color) >= need) {
                return cell;
            }
        }
        final int[] trioIds = trioList[color];
        for (int k = 0, count = trioThreats[color]; k < count; k++) {
            int cell = trioThreatCell(trioIds[k]);
            if (stonesCapturedAt(cell, color) >= need) {
                return cell;
            }
        }
        return -1;
    }

    /** The empty end of a segment listed in {@link #captureList} (where the capture is made). */
    int pairThreatCell(int segment) {
        int first = Geometry.SEGMENT_CELLS[segment * 4];
        return cells[first] == 0 ? first : Geometry.SEGMENT_CELLS[segment * 4 + 3];
    }

    /** The empty end of a window listed in {@link #trioList}. */
    int trioThreatCell(int window) {
        int first = WINDOW_CELLS[window * 5];
        return cells[first] == 0 ? first : WINDOW_CELLS[window * 5 + 4];
    }

    /** How many stones {@code me} would capture by playing this empty cell (pairs, and trios in Keryo). */
    int stonesCapturedAt(int cell, int me) {
        final byte[] b = cells;
        final int opp = 3 - me;
        int n = 0;
        for (int off : DIRS) {
            if (b[cell + off] == opp && b[cell + 2 * off] == opp) {
                int c3 = b[cell + 3 * off];
                if (c3 == me) {
                    n += 2;
                } else if (trios && c3 == opp && b[cell + 4 * off] == me) {
                    n += 3;
                }
            }
        }
        return n;
    }

    int historyLength() {
        return length;
    }

    int lastMove() {
        return length == 0 ? -1 : moves[length - 1];
    }

    static int cellOf(int point) {
        return CELL_OF_POINT[point];
    }

    static int pointOf(int cell) {
        return Geometry.POINT_OF_CELL[cell];
    }
}
