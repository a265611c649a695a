package club.pente.game.domain;

import club.pente.core.contract.Abort;
import club.pente.core.contract.ClaimTimeout;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class GameAuthorityTest {
    private static final PlayerRef ALICE = new PlayerRef("alice-id", "alice");
    private static final PlayerRef BOB = new PlayerRef("bob-id", "bob");
    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    private final AtomicInteger ids = new AtomicInteger();
    private final GameAuthority authority = new GameAuthority(() -> "e" + ids.incrementAndGet());

    private LiveGame start(TimeControl timeControl) {
        Decision decision = authority.decide(null, CreateGame.of("g1", ALICE, BOB, true, timeControl), T0);
        assertThat(decision).isInstanceOf(Decision.Created.class);
        assertThat(decision.events()).singleElement().isInstanceOf(GameStarted.class);
        assertThat(decision.events().get(0).version()).isEqualTo(1);
        return ((Decision.Created) decision).game();
    }

    private Decision play(LiveGame game, PlayerRef player, int ply, String point, Instant at) {
        return authority.decide(game, PlayMove.of("g1", player.id(), ply, point), at);
    }

    @Test
    void aMoveIsPlayedAndVersioned() {
        LiveGame game = start(TimeControl.UNTIMED);
        Decision decision = play(game, ALICE, 1, "K10", T0.plusSeconds(1));
        MovePlayed played = (MovePlayed) decision.events().get(0);
        assertThat(played.version()).isEqualTo(2);
        assertThat(played.point()).isEqualTo("K10");
        assertThat(played.clocks()).isNull();
        assertThat(((Decision.Applied) decision).move().ply()).isEqualTo(1);
        assertThat(game.version()).isEqualTo(2);
    }

    @Test
    void everyKindOfRejectionLeavesTheGameAsItWas() {
        LiveGame game = start(TimeControl.UNTIMED);
        play(game, ALICE, 1, "K10", T0);
        long version = game.version();
        long hash = game.position().hash();
        assertRejected(play(game, ALICE, 2, "L11", T0), RejectionReason.NOT_YOUR_TURN);
        assertRejected(play(game, BOB, 1, "L11", T0), RejectionReason.STALE_PLY);
        assertRejected(play(game, BOB, 3, "L11", T0), RejectionReason.STALE_PLY);
        assertRejected(play(game, new PlayerRef("carol", "carol"), 2, "L11", T0), RejectionReason.NOT_A_PLAYER);
        assertRejected(play(game, BOB, 2, "K10", T0), RejectionReason.OCCUPIED);
        assertRejected(play(game, BOB, 2, "Z99", T0), RejectionReason.BAD_NOTATION);
        play(game, BOB, 2, "L11", T0);
        assertRejected(play(game, ALICE, 3, "L10", T0), RejectionReason.TOURNAMENT_RULE);
        assertThat(game.version()).isEqualTo(version + 1);
        assertThat(game.position().ply()).isEqualTo(2);
        assertThat(hash).isNotEqualTo(game.position().hash());
        assertRejected(authority.decide(null, PlayMove.of("nope", "x", 1, "K10"), T0), RejectionReason.UNKNOWN_GAME);
        assertRejected(authority.decide(game, CreateGame.of("g1", ALICE, BOB, false, TimeControl.UNTIMED), T0), RejectionReason.GAME_EXISTS);
    }

    private static void assertRejected(Decision decision, RejectionReason reason) {
        assertThat(decision).isInstanceOf(Decision.Rejected.class);
        MoveRejected rejection = ((Decision.Rejected) decision).rejection();
        assertThat(decision.events()).containsExactly(rejection);
        assertThat(rejection.reason()).isEqualTo(reason);
        assertThat(rejection.message()).isNotBlank();
    }

    @Test
    void aWinningMoveAlsoEndsTheGameWithPoints() {
        LiveGame game = start(TimeControl.UNTIMED);
        String[] moves = {"K10", "A19", "C5", "C19", "D5", "E19", "E5", "G19", "F5", "J19", "G5"};
        Decision last = null;
        for (int i = 0; i < moves.length; i++) {
            last = play(game, i % 2 == 0 ? ALICE : BOB, i + 1, moves[i], T0);
        }
        assertThat(last).isInstanceOf(Decision.Applied.class);
        assertThat(last.events()).hasSize(2);
        GameEnded ended = (GameEnded) last.events().get(1);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(ended.reason()).isEqualTo(EndReason.FIVE_IN_A_ROW);
        assertThat(ended.points().white()).isEqualTo(5);
        assertThat(ended.plies()).isEqualTo(11);
        assertThat(ended.version()).isEqualTo(last.events().get(0).version() + 1);
        assertRejected(play(game, BOB, 12, "A1", T0), RejectionReason.GAME_OVER);
    }

    @Test
    void clocksChargeTheMoverAndAddTheIncrement() {
        LiveGame game = start(new TimeControl(60, 5));
        MovePlayed first = (MovePlayed) play(game, ALICE, 1, "K10", T0.plusSeconds(10)).events().get(0);
        assertThat(first.clocks().whiteMillis()).isEqualTo(55_000);
        assertThat(first.clocks().blackMillis()).isEqualTo(60_000);
        MovePlayed second = (MovePlayed) play(game, BOB, 2, "L11", T0.plusSeconds(30)).events().get(0);
        assertThat(second.clocks().blackMillis()).isEqualTo(45_000);
        assertThat(game.deadline()).isEqualTo(T0.plusSeconds(30).plusMillis(55_000));
    }

    @Test
    void aMoveAfterTheFlagFellLosesOnTime() {
        LiveGame game = start(new TimeControl(60, 0));
        play(game, ALICE, 1, "K10", T0.plusSeconds(1));
        Decision late = play(game, BOB, 2, "L11", T0.plusSeconds(62));
        GameEnded ended = (GameEnded) late.events().get(0);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(late).isInstanceOf(Decision.Ended.class);
        assertThat(((Decision.Ended) late).rejection().reason()).isEqualTo(RejectionReason.GAME_OVER);
        assertThat(late.events()).hasSize(2);
        assertThat(game.position().ply()).isEqualTo(1);
    }

    @Test
    void aTimeoutClaimWorksOnlyAfterTheDeadline() {
        LiveGame game = start(new TimeControl(60, 0));
        play(game, ALICE, 1, "K10", T0);
        play(game, BOB, 2, "L11", T0); // past the first-move window's plies: only the clock counts now
        Decision early = authority.decide(game, ClaimTimeout.of("g1"), T0.plusSeconds(59));
        assertThat(early).isInstanceOf(Decision.Unchanged.class);
        assertThat(early.events()).isEmpty();
        assertThat(game.isOver()).isFalse();
        Decision late = authority.decide(game, ClaimTimeout.of("g1"), T0.plusSeconds(61));
        GameEnded ended = (GameEnded) late.events().get(0);
        assertThat(ended.result()).isEqualTo(Status.BLACK_WINS);
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(game.endedAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(game.clocks(T0.plusSeconds(100)).whiteMillis()).isZero();
    }

    @Test
    void resignAndAbortEndTheGame() {
        LiveGame game = start(TimeControl.UNTIMED);
        GameEnded resigned = (GameEnded) authority.decide(game, Resign.of("g1", BOB.id()), T0).events().get(0);
        assertThat(resigned.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(resigned.reason()).isEqualTo(EndReason.RESIGNATION);
        assertRejected(authority.decide(game, Resign.of("g1", ALICE.id()), T0), RejectionReason.GAME_OVER);

        LiveGame other = start(TimeControl.UNTIMED);
        assertRejected(authority.decide(other, Resign.of("g1", "carol"), T0), RejectionReason.NOT_A_PLAYER);
        GameEnded aborted = (GameEnded) authority.decide(other, Abort.of("g1", "admin", "test"), T0).events().get(0);
        assertThat(aborted.reason()).isEqualTo(EndReason.ABORTED);
        assertThat(aborted.result()).isEqualTo(Status.DRAW);
    }

    @Test
    void rankedGamesNeedTwoAccounts() {
        Decision decision = authority.decide(null, CreateGame.of("g2", ALICE, PlayerRef.computer(3), true, TimeControl.UNTIMED), T0);
        assertRejected(decision, RejectionReason.FORBIDDEN);
    }

    @Test
    void rejectionsCarryTheCurrentVersionAndTheCommand() {
        LiveGame game = start(TimeControl.UNTIMED);
        PlayMove wrong = PlayMove.of("g1", BOB.id(), 1, "K10");
        MoveRejected rejected = ((Decision.Rejected) authority.decide(game, wrong, T0)).rejection();
        assertThat(rejected.version()).isEqualTo(1);
        assertThat(rejected.commandId()).isEqualTo(wrong.commandId());
        assertThat(rejected.playerId()).isEqualTo(BOB.id());
    }
}
