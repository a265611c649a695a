package club.pente.game.persistence;

import club.pente.core.rules.Announcement;
import club.pente.game.application.GameReads.StoredMove;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The move log as the API shows it after a reload: what each move announced is computed again, ply by ply. */
class MoveLogTest {

    private static MoveEntity row(int ply, String point, long whiteMillis, long blackMillis) {
        MoveEntity move = new MoveEntity();
        move.gameId = "g1";
        move.ply = ply;
        move.color = ply % 2 == 1 ? "WHITE" : "BLACK";
        move.playerId = ply % 2 == 1 ? "alice" : "bob";
        move.point = point;
        move.captured = "";
        move.whiteMillis = whiteMillis;
        move.blackMillis = blackMillis;
        move.playedAt = Instant.parse("2026-12-01T10:00:00Z").plusSeconds(ply);
        return move;
    }

    @Test
    void eachMoveKeepsItsOwnAnnouncementsAndClocks() {
        // White: K10, K13, K12 (a split three, open at both ends: a tria), then K11 (four in a row: a tessera).
        String[] points = {"K10", "A1", "K13", "A3", "K12", "A5", "K11"};
        List<MoveEntity> rows = new ArrayList<>();
        for (int i = 0; i < points.length; i++) {
            rows.add(row(i + 1, points[i], 300_000 - i * 1000L, 300_000 - i * 500L));
        }
        List<StoredMove> log = GameQueries.log(rows);
        assertThat(log).extracting(StoredMove::announcements).containsExactly(Set.of(), Set.of(), Set.of(), Set.of(),
                Set.of(Announcement.TRIA), Set.of(), Set.of(Announcement.TESSERA));
        assertThat(log.get(4).whiteMillis()).isEqualTo(296_000);
        assertThat(log.get(4).blackMillis()).isEqualTo(298_000);
        assertThat(log.get(6).point()).isEqualTo("K11");
    }
}
