package club.pente.chaos;

import club.pente.chaos.SeekAudit.GameRow;
import club.pente.chaos.SeekAudit.Observed;
import club.pente.chaos.SeekAudit.SeekRow;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** No seek paired twice: the audit finds a seek in two games however it shows. */
class SeekAuditTest {
    private static final List<Observed> CLIENTS = List.of(new Observed("s1", "guest:a", Set.of("g1")),
            new Observed("s2", "guest:b", Set.of("g1")), new Observed("s3", "guest:c", Set.of()));

    @Test
    void twoSeeksInOneGameAndOneWaitingIsClean() {
        SeekAudit.Result r = SeekAudit.audit(CLIENTS,
                List.of(new SeekRow("s1", "guest:a", "MATCHED", "g1"), new SeekRow("s2", "guest:b", "MATCHED", "g1"),
                        new SeekRow("s3", "guest:c", "WAITING", null)),
                List.of(new GameRow("g1", "SEEK", "guest:a", "guest:b")));
        assertThat(r.clean()).as(r.problems().toString()).isTrue();
        assertThat(r.matched()).isEqualTo(2);
        assertThat(r.games()).isEqualTo(1);
    }

    @Test
    void aGuestWithOneSeekInTwoGamesIsPairedTwice() {
        SeekAudit.Result r = SeekAudit.audit(CLIENTS,
                List.of(new SeekRow("s1", "guest:a", "MATCHED", "g1"), new SeekRow("s2", "guest:b", "MATCHED", "g1"),
                        new SeekRow("s3", "guest:c", "MATCHED", "g2")),
                List.of(new GameRow("g1", "SEEK", "guest:a", "guest:b"), new GameRow("g2", "SEEK", "guest:c", "guest:a")));
        assertThat(r.pairedTwice()).isPositive();
        assertThat(r.clean()).isFalse();
    }

    @Test
    void aSeekReportedInTwoGamesIsPairedTwice() {
        SeekAudit.Result r = SeekAudit.audit(List.of(new Observed("s1", "guest:a", Set.of("g1", "g2"))),
                List.of(new SeekRow("s1", "guest:a", "MATCHED", "g2")), List.of());
        assertThat(r.pairedTwice()).isPositive();
    }

    @Test
    void aGameOfThreeSeeksIsPairedTwice() {
        SeekAudit.Result r = SeekAudit.audit(List.of(),
                List.of(new SeekRow("s1", "guest:a", "MATCHED", "g1"), new SeekRow("s2", "guest:b", "MATCHED", "g1"),
                        new SeekRow("s3", "guest:c", "MATCHED", "g1")), List.of());
        assertThat(r.pairedTwice()).isEqualTo(1);
    }

    @Test
    void aMatchedSeekWithoutAGameOrAClientSeekNotStoredIsInconsistent() {
        SeekAudit.Result r = SeekAudit.audit(List.of(new Observed("s9", "guest:z", Set.of())),
                List.of(new SeekRow("s1", "guest:a", "MATCHED", null)), List.of());
        assertThat(r.inconsistent()).isEqualTo(2);
        assertThat(r.clean()).isFalse();
    }
}
