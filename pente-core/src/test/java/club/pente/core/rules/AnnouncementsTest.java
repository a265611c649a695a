package club.pente.core.rules;

import org.junit.jupiter.api.Test;

import static club.pente.core.rules.Games.p;
import static club.pente.core.rules.Games.play;
import static org.assertj.core.api.Assertions.assertThat;

class AnnouncementsTest {

    @Test
    void anOpenThreeIsATria() {
        Position position = play("K10 C5 D5 E5", "_ _ _");
        assertThat(Announcements.ofLastMove(position)).containsExactly(Announcement.TRIA);
    }

    @Test
    void aSplitThreeIsATria() {
        Position position = play("K10 C5 E5 F5", "_ _ _");
        assertThat(Announcements.ofLastMove(position)).containsExactly(Announcement.TRIA);
    }

    @Test
    void aThreeBlockedOnOneSideIsNotATria() {
        Position position = play("K10 C5 D5 E5", "B5 _ _");
        assertThat(Announcements.ofLastMove(position)).isEmpty();
    }

    @Test
    void aThreeAgainstTheEdgeIsNotATria() {
        Position position = play("K10 A5 B5 C5", "_ _ _");
        assertThat(Announcements.ofLastMove(position)).isEmpty();
    }

    @Test
    void fourInARowIsATesseraEvenWhenBlockedOnOneSide() {
        Position position = play("K10 C5 D5 E5 F5", "B5 _ _ _");
        assertThat(Announcements.ofLastMove(position)).containsExactly(Announcement.TESSERA);
    }

    @Test
    void aSplitFourIsATessera() {
        Position position = play("K10 C5 D5 F5 E5", "_ _ _ _");
        assertThat(Announcements.ofLastMove(position)).containsExactly(Announcement.TESSERA);
        Position gap = play("K10 C5 D5 G5 F5", "_ _ _ _");
        assertThat(Announcements.ofLastMove(gap)).containsExactly(Announcement.TESSERA);
    }

    @Test
    void aMoveMakingATriaAndATesseraOnDifferentLinesAnnouncesBoth() {
        // E5 completes C5-F5 horizontally and E3-E5 vertically (open).
        Position position = play("K10 C5 D5 F5 E3 E4 E5", "_ _ _ _ _ _");
        assertThat(Announcements.ofLastMove(position)).containsExactlyInAnyOrder(Announcement.TRIA, Announcement.TESSERA);
    }

    @Test
    void onlyTheMoversShapesThroughTheLastStoneCount() {
        Position position = play("K10 C5 D5 E5", "_ _ _");
        position.play(p("Q15")); // black's quiet move: white's tria is not black's announcement
        assertThat(Announcements.ofLastMove(position)).isEmpty();
        assertThat(Announcements.ofLastMove(new Position())).isEmpty();
    }
}
