package club.pente.game.domain;

import club.pente.core.contract.ClaimTimeout;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingCategory;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Status;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Variant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Variants carried, turn-based clocks (a day of 10 s here), vacation drawn before a loss on time, tournament no-shows. */
class TurnBasedRulesTest {
    private static final PlayerRef ALICE = new PlayerRef("alice-id", "alice");
    private static final PlayerRef BOB = new PlayerRef("bob-id", "bob");
    private static final Instant T0 = Instant.parse("2026-12-31T23:59:45Z");
    private static final Duration DAY = Duration.ofSeconds(10);

    private final AtomicInteger ids = new AtomicInteger();
    private final GameAuthority authority = new GameAuthority(() -> "e" + ids.incrementAndGet(), Duration.ofSeconds(30), DAY,
            Sanctions.NONE);

    /** Vacation days left per player, counting each draw with its year. */
    private static final class Allowance implements Vacations {
        int left;
        final List<Integer> years = new ArrayList<>();

        Allowance(int left) {
            this.left = left;
        }

        @Override
        public boolean draw(String playerId, int year) {
            if (left == 0) {
                return false;
            }
            left--;
            years.add(year);
            return true;
        }
    }

    private Decision.Created create(TimeControl timeControl, Variant variant, String tournamentId) {
        return (Decision.Created) authority.decide(null, CreateGame.of("g1", ALICE, BOB, true, timeControl, variant, tournamentId), T0);
    }

    private Decision move(LiveGame game, String point, Instant at) {
        int ply = game.position().ply() + 1;
        return authority.decide(game, PlayMove.of("g1", (ply % 2 == 1 ? ALICE : BOB).id(), ply, point), at, Vacations.NONE);
    }

    @Test
    void theVariantAndTournamentAreCarriedFromTheCommandToEveryEvent() {
        Decision.Created created = create(TimeControl.daysPerMove(2), Variant.KERYO, "t-1");
        GameStarted started = created.started();
        assertThat(started.variant()).isEqualTo(Variant.KERYO);
        assertThat(started.tournamentId()).isEqualTo("t-1");
        LiveGame game = created.game();
        assertThat(game.variant()).isEqualTo(Variant.KERYO);

        MovePlayed first = ((Decision.Applied) move(game, "K10", T0.plusSeconds(1))).played();
        assertThat(first.nextPlayerId()).isEqualTo(BOB.id());
        assertThat(first.capturedStones().white()).isZero();

        GameEnded resigned = ((Decision.Ended) authority.decide(game, club.pente.core.contract.Resign.of("g1", BOB.id()), T0.plusSeconds(2)))
                .ended();
        assertThat(resigned.variant()).isEqualTo(Variant.KERYO);
        assertThat(resigned.timeControl()).isEqualTo(TimeControl.daysPerMove(2));
        assertThat(resigned.tournamentId()).isEqualTo("t-1");
        assertThat(resigned.ratingCategory()).isEqualTo(RatingCategory.parse("keryo-turn"));
    }

    @Test
    void aTurnBasedClockStartsAtItsDaysAndIsSetBackToThemAfterEachMove() {
        LiveGame game = create(TimeControl.daysPerMove(3), Variant.PENTE, null).game();
        assertThat(game.clocks(T0).whiteMillis()).isEqualTo(30_000);
        assertThat(game.lossDeadline()).isEqualTo(T0.plusSeconds(30));
        assertThat(game.firstMoveDeadline()).as("no first-move abort outside tournaments").isNull();

        move(game, "K10", T0.plusSeconds(25));
        assertThat(game.whiteMillis()).as("set back, not banked").isEqualTo(30_000);
        assertThat(game.lossDeadline()).isEqualTo(T0.plusSeconds(55));
        move(game, "L11", T0.plusSeconds(50));
        assertThat(game.blackMillis()).isEqualTo(30_000);
        assertThat(game.lossDeadline()).isEqualTo(T0.plusSeconds(80));
    }

    @Test
    void aClockThatRunsOutDrawsVacationDayByDayThenLosesOnTime() {
        LiveGame game = create(TimeControl.daysPerMove(1), Variant.PENTE, null).game();
        move(game, "K10", T0.plusSeconds(1)); // bob's day runs to T0 + 11 s
        Allowance bob = new Allowance(2);

        assertThat(authority.decide(game, ClaimTimeout.of("g1"), T0.plusSeconds(10), bob)).isInstanceOf(Decision.Unchanged.class);
        Decision first = authority.decide(game, ClaimTimeout.of("g1"), T0.plusSeconds(11), bob);
        assertThat(first).isInstanceOf(Decision.Extended.class);
        assertThat(first.events()).isEmpty();
        assertThat(((Decision.Extended) first).playerId()).isEqualTo(BOB.id());
        assertThat(game.lossDeadline()).isEqualTo(T0.plusSeconds(21));
        assertThat(game.isOver()).isFalse();

        // Two days overdue at once (a long pause): both left are drawn, one by one, each in its deadline's UTC year.
        Decision late = authority.decide(game, ClaimTimeout.of("g1"), T0.plusSeconds(35), bob);
        assertThat(late).isInstanceOf(Decision.Ended.class);
        GameEnded ended = ((Decision.Ended) late).ended();
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(game.endedAt()).as("lost when the last vacation day ran out").isEqualTo(T0.plusSeconds(31));
        assertThat(bob.left).isZero();
        assertThat(bob.years).as("each in its deadline's UTC year").containsExactly(2026, 2027); // T0 + 11 s is in 2026, T0 + 21 s in 2027
    }

    @Test
    void aMoveAfterTheDeadlineDrawsVacationInsteadOfLosing() {
        LiveGame game = create(TimeControl.daysPerMove(1), Variant.PENTE, null).game();
        move(game, "K10", T0.plusSeconds(1));
        Allowance bob = new Allowance(1);
        Decision late = authority.decide(game, PlayMove.of("g1", BOB.id(), 2, "L11"), T0.plusSeconds(15), bob);
        assertThat(late).isInstanceOf(Decision.Applied.class);
        assertThat(bob.left).isZero();
        Decision tooLate = authority.decide(game, PlayMove.of("g1", ALICE.id(), 3, "M12"), T0.plusSeconds(30), Vacations.NONE);
        assertThat(tooLate).isInstanceOf(Decision.Ended.class);
        assertThat(((Decision.Ended) tooLate).ended().reason()).isEqualTo(EndReason.TIMEOUT);
    }

    @Test
    void aTournamentPlayerWhoNeverMovesLosesAsANoShowAndDrawsNoVacation() {
        LiveGame turnBased = create(TimeControl.daysPerMove(1), Variant.PENTE, "t-1").game();
        assertThat(turnBased.lossDeadline()).isEqualTo(T0.plusSeconds(10));
        Allowance alice = new Allowance(5);
        GameEnded noShow = ((Decision.Ended) authority.decide(turnBased, ClaimTimeout.of("g1"), T0.plusSeconds(10), alice)).ended();
        assertThat(noShow.reason()).isEqualTo(EndReason.NO_SHOW);
        assertThat(noShow.result()).isEqualTo(Status.BLACK_WINS);
        assertThat(noShow.ranked()).isTrue();
        assertThat(alice.left).isEqualTo(5);

        LiveGame live = create(new TimeControl(300, 0), Variant.GOMOKU, "t-1").game();
        move(live, "K10", T0.plusSeconds(1));
        assertThat(live.lossDeadline()).as("black's first move window, not its clock").isEqualTo(T0.plusSeconds(31));
        GameEnded black = ((Decision.Ended) authority.decide(live, ClaimTimeout.of("g1"), T0.plusSeconds(31), Vacations.NONE)).ended();
        assertThat(black.reason()).isEqualTo(EndReason.NO_SHOW);
        assertThat(black.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(black.variant()).isEqualTo(Variant.GOMOKU);
    }

    @Test
    void outsideTournamentsTheFirstMoveWindowStillAbortsLiveGames() {
        LiveGame live = create(new TimeControl(300, 0), Variant.PENTE, null).game();
        GameEnded aborted = ((Decision.Ended) authority.decide(live, ClaimTimeout.of("g1"), T0.plusSeconds(30), Vacations.NONE)).ended();
        assertThat(aborted.reason()).isEqualTo(EndReason.ABORTED);
    }
}
