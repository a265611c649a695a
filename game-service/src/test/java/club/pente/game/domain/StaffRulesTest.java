package club.pente.game.domain;

import club.pente.core.contract.Abort;
import club.pente.core.contract.AnnulGame;
import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.RemoveChat;
import club.pente.core.contract.Resign;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 15's rules in the authority: staff abort with a note, annulment, forfeit, and the sanctions it enforces. */
class StaffRulesTest {
    private static final PlayerRef ALICE = new PlayerRef("alice-id", "alice");
    private static final PlayerRef BOB = new PlayerRef("bob-id", "bob");
    private static final StaffActor MOD = new StaffActor("mod-id", "mod", StaffRole.MODERATOR);
    private static final StaffActor ADMIN = new StaffActor("admin-id", "admin", StaffRole.ADMIN);
    private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");

    private final AtomicInteger ids = new AtomicInteger();
    private final Map<String, PlayerSanctions> sanctions = new HashMap<>();
    private final GameAuthority authority = new GameAuthority(() -> "e" + ids.incrementAndGet(), Duration.ofSeconds(30), sanctions::get);

    private LiveGame start(Instant at) {
        return ((Decision.Created) authority.decide(null, CreateGame.of("g1", ALICE, BOB, true, TimeControl.UNTIMED), at)).game();
    }

    private Decision decide(LiveGame game, GameCommand command, Instant at) {
        return authority.decide(game, command, at);
    }

    private static MoveRejected rejected(Decision decision, RejectionReason reason) {
        assertThat(decision).isInstanceOf(Decision.Rejected.class);
        MoveRejected rejection = ((Decision.Rejected) decision).rejection();
        assertThat(rejection.reason()).isEqualTo(reason);
        return rejection;
    }

    private void suspend(PlayerRef player, Instant since, Instant until, boolean forfeit) {
        sanctions.put(player.id(), new PlayerSanctions(Contracts.SCHEMA_VERSION, "s-" + since, player.id(),
                new PlayerSanctions.Suspension("susp-1", since, until, "cheating", forfeit, ADMIN), null, since));
    }

    private void mute(PlayerRef player, Instant since, Instant until) {
        sanctions.put(player.id(), new PlayerSanctions(Contracts.SCHEMA_VERSION, "m-" + since, player.id(), null,
                new PlayerSanctions.Mute("mute-1", since, until, "insults", MOD), since));
    }

    @Test
    void aStaffAbortEndsTheGameUnratedWithTheReasonAsItsNote() {
        LiveGame game = start(T0);
        Decision decision = decide(game, Abort.by(MOD, "g1", "stuck game"), T0.plusSeconds(5));
        GameEnded ended = ((Decision.Ended) decision).ended();
        assertThat(ended.result()).isEqualTo(Status.DRAW);
        assertThat(ended.reason()).isEqualTo(EndReason.ABORTED);
        assertThat(ended.note()).isEqualTo("stuck game");
        assertThat(game.endNote()).isEqualTo("stuck game");
        rejected(decide(game, Abort.by(MOD, "g1", "again"), T0.plusSeconds(6)), RejectionReason.GAME_OVER);
    }

    @Test
    void anEndThePlayersMadeHasNoNote() {
        LiveGame game = start(T0);
        GameEnded ended = ((Decision.Ended) decide(game, Resign.of("g1", ALICE.id()), T0.plusSeconds(5))).ended();
        assertThat(ended.note()).isNull();
    }

    @Test
    void onlyAFinishedGameIsAnnulledAndOnlyOnce() {
        LiveGame game = start(T0);
        rejected(decide(game, AnnulGame.by(ADMIN, "g1", "collusion"), T0.plusSeconds(1)), RejectionReason.NOT_FINISHED);
        decide(game, Resign.of("g1", BOB.id()), T0.plusSeconds(2));
        long versionAfterEnd = game.version();

        Decision decision = decide(game, AnnulGame.by(ADMIN, "g1", "collusion"), T0.plusSeconds(3));
        GameAnnulled annulled = ((Decision.Annulled) decision).annulled();
        assertThat(annulled.version()).isEqualTo(versionAfterEnd + 1);
        assertThat(annulled.ranked()).isTrue();
        assertThat(annulled.white()).isEqualTo(ALICE);
        assertThat(annulled.black()).isEqualTo(BOB);
        assertThat(annulled.staff()).isEqualTo(ADMIN);
        assertThat(annulled.reason()).isEqualTo("collusion");
        assertThat(game.result()).isEqualTo(Status.WHITE_WINS); // the result stands in the record
        assertThat(game.annulment()).isEqualTo(new LiveGame.Annulment(T0.plusSeconds(3), "admin", "collusion"));

        rejected(decide(game, AnnulGame.by(ADMIN, "g1", "twice"), T0.plusSeconds(4)), RejectionReason.ALREADY_ANNULLED);
        assertThat(game.version()).isEqualTo(versionAfterEnd + 1);
    }

    @Test
    void aForfeitIsALossForTheSuspendedPlayerRatedWithTheReason() {
        LiveGame game = start(T0);
        ForfeitGame forfeit = new ForfeitGame(Contracts.SCHEMA_VERSION, "forfeit-1", "g1", BOB.id(), "susp-1", ADMIN, "cheating", T0);
        GameEnded ended = ((Decision.Ended) decide(game, forfeit, T0.plusSeconds(5))).ended();
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(ended.reason()).isEqualTo(EndReason.FORFEIT);
        assertThat(ended.ranked()).isTrue();
        assertThat(ended.note()).isEqualTo("cheating");

        LiveGame other = start(T0);
        ForfeitGame stranger = new ForfeitGame(Contracts.SCHEMA_VERSION, "forfeit-2", "g1", "carol-id", "susp-1", ADMIN, "cheating", T0);
        rejected(decide(other, stranger, T0.plusSeconds(5)), RejectionReason.NOT_A_PLAYER);
        rejected(decide(game, forfeit, T0.plusSeconds(6)), RejectionReason.GAME_OVER);
    }

    @Test
    void aSuspendedPlayerCannotBeInANewGame() {
        suspend(BOB, T0, T0.plus(Duration.ofHours(1)), false);
        MoveRejected rejection = rejected(authority.decide(null, CreateGame.of("g1", ALICE, BOB, false, TimeControl.UNTIMED),
                T0.plusSeconds(1)), RejectionReason.SUSPENDED);
        // matchmaking copies this text to both players: the opponent learns neither who nor why
        assertThat(rejection.message()).isEqualTo("a player of this game cannot play now").doesNotContain("bob", "cheating");
        // After the suspension ends the same game can be created.
        assertThat(authority.decide(null, CreateGame.of("g1", ALICE, BOB, false, TimeControl.UNTIMED), T0.plus(Duration.ofHours(2))))
                .isInstanceOf(Decision.Created.class);
    }

    @Test
    void aSuspendedPlayerCannotMoveOfferOrAnswerInAGameCreatedSinceTheSuspension() {
        LiveGame game = start(T0);
        decide(game, PlayMove.of("g1", ALICE.id(), 1, "K10"), T0.plusSeconds(1));
        decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW), T0.plusSeconds(2));
        suspend(BOB, T0, null, false); // since the game's creation, until lifted

        MoveRejected move = rejected(decide(game, PlayMove.of("g1", BOB.id(), 2, "L11"), T0.plusSeconds(3)), RejectionReason.SUSPENDED);
        assertThat(move.message()).contains("until lifted", "cheating");
        rejected(decide(game, AnswerOffer.of("g1", BOB.id(), OfferKind.DRAW, true), T0.plusSeconds(3)), RejectionReason.SUSPENDED);
        rejected(decide(game, MakeOffer.of("g1", BOB.id(), OfferKind.DRAW), T0.plusSeconds(3)), RejectionReason.SUSPENDED);
        assertThat(game.position().ply()).isEqualTo(1);
        // The opponent still plays on.
        assertThat(decide(game, Resign.of("g1", ALICE.id()), T0.plusSeconds(4))).isInstanceOf(Decision.Ended.class);
    }

    @Test
    void aGameAlreadyBeingPlayedWhenTheSuspensionBeganGoesOnAndAnEndedSuspensionStopsNothing() {
        LiveGame game = start(T0);
        decide(game, PlayMove.of("g1", ALICE.id(), 1, "K10"), T0.plusSeconds(1));
        suspend(BOB, T0.plusSeconds(2), T0.plusSeconds(60), false);
        assertThat(decide(game, PlayMove.of("g1", BOB.id(), 2, "L11"), T0.plusSeconds(3))).isInstanceOf(Decision.Applied.class);

        LiveGame later = ((Decision.Created) authority.decide(null, CreateGame.of("g2", ALICE, BOB, false, TimeControl.UNTIMED),
                T0.plusSeconds(61))).game();
        decide(later, PlayMove.of("g2", ALICE.id(), 1, "K10"), T0.plusSeconds(62));
        assertThat(decide(later, PlayMove.of("g2", BOB.id(), 2, "L11"), T0.plusSeconds(63))).isInstanceOf(Decision.Applied.class);
    }

    @Test
    void aMutedOrSuspendedPlayerCannotChatAndTheMuteEnds() {
        LiveGame game = start(T0);
        mute(ALICE, T0, T0.plusSeconds(600));
        MoveRejected muted = rejected(decide(game, PostChat.of("g1", ALICE.id(), "alice", ChatChannel.PLAYERS, "hi"), T0.plusSeconds(1)),
                RejectionReason.MUTED);
        assertThat(muted.message()).contains("insults");
        assertThat(decide(game, PostChat.of("g1", BOB.id(), "bob", ChatChannel.PLAYERS, "hi"), T0.plusSeconds(1)))
                .isInstanceOf(Decision.Chatted.class);
        assertThat(decide(game, PostChat.of("g1", ALICE.id(), "alice", ChatChannel.PLAYERS, "back"), T0.plusSeconds(601)))
                .isInstanceOf(Decision.Chatted.class);

        suspend(BOB, T0.plusSeconds(700), null, false); // chat is closed to a suspended player in every game
        rejected(decide(game, PostChat.of("g1", BOB.id(), "bob", ChatChannel.PLAYERS, "hi"), T0.plusSeconds(701)), RejectionReason.MUTED);
    }

    @Test
    void eachStaffCommandDecidedIsAuditedOnceAppliedOrRefusedWithItsCode() {
        LiveGame game = start(T0);
        Abort abort = Abort.by(MOD, "g1", "stuck game");
        AuditEntry applied = StaffAudit.of(abort, decide(game, abort, T0.plusSeconds(1)), T0.plusSeconds(1));
        assertThat(applied.action()).isEqualTo(AuditAction.ABORT_GAME);
        assertThat(applied.outcome()).isEqualTo(AuditOutcome.APPLIED);
        assertThat(applied.actor()).isEqualTo(MOD);
        assertThat(applied.targetId()).isEqualTo("g1");
        assertThat(applied.reason()).isEqualTo("stuck game");
        assertThat(applied.service()).isEqualTo("game-service");
        assertThat(applied.auditId()).isEqualTo(StaffAudit.auditId("g1", "mod-id", abort.commandId()));

        Abort late = Abort.by(MOD, "g1", "again");
        AuditEntry refused = StaffAudit.of(late, decide(game, late, T0.plusSeconds(2)), T0.plusSeconds(2));
        assertThat(refused.outcome()).isEqualTo(AuditOutcome.REFUSED);
        assertThat(refused.detail()).isEqualTo("GAME_OVER");
        assertThat(refused.auditId()).isNotEqualTo(applied.auditId());

        RemoveChat remove = RemoveChat.by(MOD, "g1", "no-such-message", "spam");
        AuditEntry removal = StaffAudit.of(remove, decide(game, remove, T0.plusSeconds(3)), T0.plusSeconds(3));
        assertThat(removal.action()).isEqualTo(AuditAction.REMOVE_CHAT);
        assertThat(removal.targetId()).isEqualTo("no-such-message");
        assertThat(removal.gameId()).isEqualTo("g1");
        assertThat(removal.detail()).isEqualTo("UNKNOWN_MESSAGE");

        PlayMove move = PlayMove.of("g1", ALICE.id(), 1, "K10");
        assertThat(StaffAudit.of(move, decide(game, move, T0.plusSeconds(4)), T0.plusSeconds(4))).isNull();
        assertThat(StaffAudit.of(abort, new Decision.Duplicate(), T0)).isNull();
    }
}
