package club.pente.core.rules;

import java.util.EnumSet;
import java.util.Set;

/**
 * Detects the tria and tessera made by the last move, on the lines through that stone only.
 *
 * <p>Tessera: some five consecutive points on a line through the stone hold four of the mover's stones
 * and one empty point. Tria: not a four on that line, but some six consecutive points have both ends
 * empty and, inside, three of the mover's stones (including the new one) and one empty point, so one
 * more stone makes an open four. Split shapes ({@code X_XX}) count. Not on a hot path.
 */
public final class Announcements {
    private Announcements() {
    }

    public static Set<Announcement> ofLastMove(Position position) {
        Set<Announcement> found = EnumSet.noneOf(Announcement.class);
        if (!position.hasHistory()) {
            return found;
        }
        int point = position.pointAt(position.ply());
        int me = position.codeAt(point);
        int[][] axes = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        for (int[] axis : axes) {
            // line[i] holds the point at offset i-5 from the stone: -1 off board, else its colour code.
            int[] line = new int[11];
            for (int i = 0; i < 11; i++) {
                int r = Board.row(point) + (i - 5) * axis[0];
                int c = Board.col(point) + (i - 5) * axis[1];
                line[i] = Board.onBoard(r, c) ? position.codeAt(Board.point(r, c)) : -1;
            }
            if (hasFour(line, me)) {
                found.add(Announcement.TESSERA);
            } else if (hasOpenThree(line, me)) {
                found.add(Announcement.TRIA);
            }
        }
        return found;
    }

    private static boolean hasFour(int[] line, int me) {
        for (int start = 1; start <= 5; start++) {
            int mine = 0;
            int empty = 0;
            for (int i = start; i < start + 5; i++) {
                if (line[i] == me) {
                    mine++;
                } else if (line[i] == 0) {
                    empty++;
                }
            }
            if (mine == 4 && empty == 1) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasOpenThree(int[] line, int me) {
        // Windows of six whose inner four cover the stone at index 5: start from 1 to 4.
        for (int start = 1; start <= 4; start++) {
            if (line[start] != 0 || line[start + 5] != 0) {
                continue;
            }
            int mine = 0;
            int empty = 0;
            for (int i = start + 1; i < start + 5; i++) {
                if (line[i] == me) {
                    mine++;
                } else if (line[i] == 0) {
                    empty++;
                }
            }
            if (mine == 3 && empty == 1) {
                return true;
            }
        }
        return false;
    }
}
