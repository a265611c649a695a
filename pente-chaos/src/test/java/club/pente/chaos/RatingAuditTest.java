package club.pente.chaos;

import club.pente.chaos.RatingAudit.Change;
import club.pente.chaos.RatingAudit.Finished;
import club.pente.chaos.RatingAudit.Player;
import club.pente.chaos.RatingAudit.Ranked;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Ratings once per ranked game: the audit finds a game not rated, rated twice, and a broken chain. */
class RatingAuditTest {
    private static final List<Ranked> ENDED = List.of(new Ranked("g1", "a", "b"), new Ranked("g2", "b", "a"));
    private static final List<Finished> FINISHED = List.of(new Finished("g1", true), new Finished("g2", true));

    private static List<Change> clean() {
        return new ArrayList<>(List.of(new Change("a", "g1", 1, 1500, 1520), new Change("b", "g1", 1, 1500, 1480),
                new Change("b", "g2", 2, 1480, 1500), new Change("a", "g2", 2, 1520, 1500)));
    }

    @Test
    void eachRankedGameRatedOnceForBothIsClean() {
        RatingAudit.Result r = RatingAudit.audit(ENDED, FINISHED, clean(), List.of(new Player("a", 2), new Player("b", 2)));
        assertThat(r.clean()).as(r.problems().toString()).isTrue();
        assertThat(r.rated()).isEqualTo(2);
    }

    @Test
    void aRankedGameWithoutItsChangesIsNotRated() {
        List<Change> changes = clean();
        changes.removeIf(c -> c.gameId().equals("g2"));
        RatingAudit.Result r = RatingAudit.audit(ENDED, List.of(FINISHED.get(0)), changes, List.of(new Player("a", 1), new Player("b", 1)));
        assertThat(r.notRated()).isEqualTo(1);
        assertThat(r.clean()).isFalse();
    }

    @Test
    void aChangeAppliedTwiceIsDoubled() {
        List<Change> changes = clean();
        changes.add(new Change("a", "g2", 3, 1500, 1480));
        RatingAudit.Result r = RatingAudit.audit(ENDED, FINISHED, changes, List.of(new Player("a", 3), new Player("b", 2)));
        assertThat(r.doubled()).isPositive();
        assertThat(r.clean()).isFalse();
    }

    @Test
    void aPlayersCountOtherThanItsChangesIsDoubled() {
        RatingAudit.Result r = RatingAudit.audit(ENDED, FINISHED, clean(), List.of(new Player("a", 3), new Player("b", 2)));
        assertThat(r.doubled()).isEqualTo(1);
    }

    @Test
    void aChangeNotStartingWhereThePreviousEndedBreaksTheChain() {
        List<Change> changes = clean();
        changes.set(3, new Change("a", "g2", 2, 1500, 1480)); // read a stale rating: a lost update
        RatingAudit.Result r = RatingAudit.audit(ENDED, FINISHED, changes, List.of(new Player("a", 2), new Player("b", 2)));
        assertThat(r.brokenChains()).isEqualTo(1);
        assertThat(r.clean()).isFalse();
    }
}
