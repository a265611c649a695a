package club.pente.game.domain;

import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.ClaimAbandonment;
import club.pente.core.contract.ClaimTimeout;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.MovesTakenBack;
import club.pente.core.contract.OfferDeclined;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.OfferMade;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerAbort;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.RemoveChat;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The table's commands: offers (draw, takeback), the players' abort, abandonment, chat, the first-move abort. */
class TableRulesTest {
    private static final PlayerRef ALICE = new PlayerRef("alice-id", "alice");
    private static final PlayerRef BOB = new PlayerRef("bob-id", "bob");
    private static final PlayerRef CAROL = new PlayerRef("carol-id", "carol");
    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    private final AtomicInteger ids = new AtomicInteger();
    private final GameAuthority authority = new GameAuthority(() -> "e" + ids.incrementAndGet(), Duration.ofSeconds(30));

    private LiveGame start(boolean ranked, TimeControl timeControl) {
        return ((Decision.Created) authority.decide(null, CreateGame.of("g1", ALICE, BOB, ranked, timeControl), T0)).game();
    }

    private LiveGame casual() {
        return start(false, TimeControl.UNTIMED);
    }

    private Decision decide(LiveGame game, GameCommand command) {
        return decide(game, command, T0.plusSeconds(1));
    }

    private Decision decide(LiveGame game, GameCommand command, Instant at) {
        return authority.decide(game, command, at);
    }

    /** Plays the points in turn, alice (white) first; returns the last decision. */
    private Decision play(LiveGame game, String... points) {
        Decision last = null;
        for (String point : points) {
            int ply = game.position().ply() + 1;
            last = decide(game, PlayMove.of("g1", (ply % 2 == 1 ? ALICE : BOB).id(), ply, point));
            assertThat(last).isInstanceOf(Decision.Applied.class);
        }
        return last;
    }

    private static MoveRejected rejected(Decision decision, RejectionReason reason) {
        assertThat(decision).isInstanceOf(Decision.Rejected.class);
        MoveRejected rejection = ((Decision.Rejected) decision).rejection();
        assertThat(rejection.reason()).isEqualTo(reason);
        assertThat(rejection.message()).isNotBlank();
        return rejection;
    }

    /** A rejection changes nothing: same version, same board, same pending offer. */
    private void assertRefusedUnchanged(LiveGame game, GameCommand command, RejectionReason reason) {
        long version = game.version();
        long hash = game.position().hash();
        LiveGame.Offer offer = game.offer();
        MoveRejected rejection = rejected(decide(game, command), reason);
        assertThat(rejection.version()).isEqualTo(version);
        assertThat(game.version()).isEqualTo(version);
        assertThat(game.position().hash()).isEqualTo(hash);
        assertThat(game.offer()).isEqualTo(offer);
    }

    @Test
    void aDrawOfferIsMadeThenAcceptedAsADrawByAgreement() {
        LiveGame game = casual();
        play(game, "K10", "L11");
        Decision offered = decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW));
        OfferMade made = (OfferMade) offered.events().get(0);
        assertThat(offered).isInstanceOf(Decision.Offered.class);
        assertThat(made.kind()).isEqualTo(OfferKind.DRAW);
        assertThat(made.color()).isEqualTo(Color.WHITE);
        assertThat(made.playerId()).isEqualTo(ALICE.id());
        assertThat(made.version()).isEqualTo(4);
        assertThat(game.offer()).isEqualTo(new LiveGame.Offer(OfferKind.DRAW, Color.WHITE));

        Decision accepted = decide(game, AnswerOffer.of("g1", BOB.id(), OfferKind.DRAW, true));
        GameEnded ended = (GameEnded) accepted.events().get(0);
        assertThat(ended.result()).isEqualTo(Status.DRAW);
        assertThat(ended.reason()).isEqualTo(EndReason.AGREEMENT);
        assertThat(ended.version()).isEqualTo(5);
        assertThat(game.offer()).isNull();
        assertThat(game.isOver()).isTrue();
    }

    @Test
    void aDeclinedOfferIsGoneAndTheGameGoesOn() {
        LiveGame game = casual();
        play(game, "K10");
        decide(game, MakeOffer.of("g1", BOB.id(), OfferKind.DRAW));
        Decision declined = decide(game, AnswerOffer.of("g1", ALICE.id(), OfferKind.DRAW, false));
        OfferDeclined event = (OfferDeclined) declined.events().get(0);
        assertThat(event.color()).isEqualTo(Color.WHITE);
        assertThat(event.playerId()).isEqualTo(ALICE.id());
        assertThat(event.version()).isEqualTo(4);
        assertThat(game.offer()).isNull();
        assertThat(game.isOver()).isFalse();
        assertRefusedUnchanged(game, AnswerOffer.of("g1", ALICE.id(), OfferKind.DRAW, true), RejectionReason.NO_OFFER);
    }

    @Test
    void offeringWhatTheOpponentOffersAcceptsIt() {
        LiveGame game = casual();
        play(game, "K10", "L11");
        decide(game, MakeOffer.of("g1", BOB.id(), OfferKind.DRAW));
        GameEnded ended = (GameEnded) decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW)).events().get(0);
        assertThat(ended.reason()).isEqualTo(EndReason.AGREEMENT);
    }

    @Test
    void oneOfferAtATimeAndOnlyTheOpponentAnswersIt() {
        LiveGame game = casual();
        play(game, "K10", "L11");
        decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW));
        assertRefusedUnchanged(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW), RejectionReason.OFFER_PENDING);
        assertRefusedUnchanged(game, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK), RejectionReason.OFFER_PENDING);
        assertRefusedUnchanged(game, MakeOffer.of("g1", BOB.id(), OfferKind.TAKEBACK), RejectionReason.OFFER_PENDING);
        assertRefusedUnchanged(game, AnswerOffer.of("g1", ALICE.id(), OfferKind.DRAW, true), RejectionReason.NO_OFFER); // her own
        assertRefusedUnchanged(game, AnswerOffer.of("g1", BOB.id(), OfferKind.TAKEBACK, true), RejectionReason.NO_OFFER); // other kind
        assertRefusedUnchanged(game, AnswerOffer.of("g1", CAROL.id(), OfferKind.DRAW, true), RejectionReason.NOT_A_PLAYER);
        assertRefusedUnchanged(game, MakeOffer.of("g1", CAROL.id(), OfferKind.DRAW), RejectionReason.NOT_A_PLAYER);
        assertThat(game.offer()).isEqualTo(new LiveGame.Offer(OfferKind.DRAW, Color.WHITE));
    }

    @Test
    void anyMoveWithdrawsAPendingOffer() {
        LiveGame game = casual();
        play(game, "K10", "L11");
        decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW)); // white offers while it is her turn, then moves
        play(game, "K13");
        assertThat(game.offer()).isNull();
        assertRefusedUnchanged(game, AnswerOffer.of("g1", BOB.id(), OfferKind.DRAW, true), RejectionReason.NO_OFFER);

        decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK)); // opponent's move withdraws it too
        play(game, "M12");
        assertThat(game.offer()).isNull();
    }

    @Test
    void aTakebackOfTheRequestersLastMoveRemovesOnePlyAndRestoresTheCapturedStones() {
        LiveGame game = casual();
        // White captures the pair L10 M10 (black) with N10: K10 L10 M10 N10 in a row, white at both ends.
        play(game, "K10", "L10", "K14", "M10", "N10");
        assertThat(game.position().capturedPairs(Color.WHITE)).isEqualTo(1);
        assertThat(game.position().stoneAt(Notation.parse("L10"))).isNull();

        decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK)); // black to move: one ply, white's N10
        Decision taken = decide(game, AnswerOffer.of("g1", BOB.id(), OfferKind.TAKEBACK, true));
        assertThat(taken).isInstanceOf(Decision.TakenBack.class);
        MovesTakenBack event = (MovesTakenBack) taken.events().get(0);
        assertThat(event.ply()).isEqualTo(4);
        assertThat(event.removed()).isEqualTo(1);
        assertThat(event.toMove()).isEqualTo(Color.WHITE);
        assertThat(event.capturedPairs().white()).isZero();
        assertThat(event.clocks()).isNull();
        assertThat(event.version()).isEqualTo(8);
        assertThat(game.position().ply()).isEqualTo(4);
        assertThat(game.position().stoneAt(Notation.parse("L10"))).isEqualTo(Color.BLACK);
        assertThat(game.position().stoneAt(Notation.parse("M10"))).isEqualTo(Color.BLACK);
        assertThat(game.position().stoneAt(Notation.parse("N10"))).isNull();
        assertThat(game.offer()).isNull();
        MovePlayed again = (MovePlayed) play(game, "N11").events().get(0); // white plays ply 5 again
        assertThat(again.ply()).isEqualTo(5);
    }

    @Test
    void aTakebackAskedOnOnesOwnTurnRemovesTwoPliesSoTheRequesterMovesAgain() {
        LiveGame game = start(false, new TimeControl(60, 5));
        play(game, "K10", "L11", "K13"); // black to move
        decide(game, MakeOffer.of("g1", BOB.id(), OfferKind.TAKEBACK), T0.plusSeconds(11));
        long whiteBefore = game.whiteMillis();
        MovesTakenBack event = (MovesTakenBack) decide(game, AnswerOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK, true),
                T0.plusSeconds(21)).events().get(0);
        assertThat(event.removed()).isEqualTo(2);
        assertThat(event.ply()).isEqualTo(1);
        assertThat(event.toMove()).isEqualTo(Color.BLACK);
        // Not refunded: black, who was to move since the 3rd ply (at T0+1), is charged the 20 s it spent; white keeps hers.
        assertThat(event.clocks().blackMillis()).isEqualTo(game.blackMillis());
        assertThat(game.whiteMillis()).isEqualTo(whiteBefore);
        assertThat(game.turnStartedAt()).isEqualTo(T0.plusSeconds(21));
        assertThat(game.remainingMillis(Color.BLACK, T0.plusSeconds(31))).isEqualTo(game.blackMillis() - 10_000);
    }

    @Test
    void noTakebackInRankedGamesNorWithNothingToTakeBack() {
        LiveGame ranked = start(true, TimeControl.UNTIMED);
        play(ranked, "K10", "L11");
        assertRefusedUnchanged(ranked, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK), RejectionReason.FORBIDDEN);

        LiveGame game = casual();
        assertRefusedUnchanged(game, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK), RejectionReason.TOO_LATE); // ply 0
        play(game, "K10");
        // Black to move at ply 1 has no move to take back; white has one.
        assertRefusedUnchanged(game, MakeOffer.of("g1", BOB.id(), OfferKind.TAKEBACK), RejectionReason.TOO_LATE);
        assertThat(decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK))).isInstanceOf(Decision.Offered.class);
    }

    @Test
    void offersAfterTheEndAreRefused() {
        LiveGame game = casual();
        play(game, "K10");
        decide(game, Resign.of("g1", BOB.id()));
        assertRefusedUnchanged(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW), RejectionReason.GAME_OVER);
        assertRefusedUnchanged(game, AnswerOffer.of("g1", ALICE.id(), OfferKind.DRAW, true), RejectionReason.GAME_OVER);
        assertRefusedUnchanged(game, PlayerAbort.of("g1", ALICE.id()), RejectionReason.GAME_OVER);
        assertRefusedUnchanged(game, ClaimAbandonment.of("g1", ALICE.id(), 60_000), RejectionReason.GAME_OVER);
    }

    @Test
    void theEndClearsAPendingOffer() {
        LiveGame game = casual();
        play(game, "K10");
        decide(game, MakeOffer.of("g1", ALICE.id(), OfferKind.DRAW));
        decide(game, Resign.of("g1", BOB.id()));
        assertThat(game.offer()).isNull();
    }

    @Test
    void aPlayerAbortsOnlyBeforeTheSecondPly() {
        LiveGame game = casual();
        play(game, "K10");
        assertRefusedUnchanged(game, PlayerAbort.of("g1", CAROL.id()), RejectionReason.NOT_A_PLAYER);
        GameEnded aborted = (GameEnded) decide(game, PlayerAbort.of("g1", BOB.id())).events().get(0);
        assertThat(aborted.result()).isEqualTo(Status.DRAW);
        assertThat(aborted.reason()).isEqualTo(EndReason.ABORTED);
        assertThat(aborted.version()).isEqualTo(3);

        LiveGame later = casual();
        play(later, "K10", "L11");
        assertRefusedUnchanged(later, PlayerAbort.of("g1", ALICE.id()), RejectionReason.TOO_LATE);
    }

    @Test
    void abandonmentIsClaimedByThePlayerWhoseOpponentIsToMove() {
        LiveGame game = casual();
        play(game, "K10"); // black to move
        assertRefusedUnchanged(game, ClaimAbandonment.of("g1", BOB.id(), 60_000), RejectionReason.NOT_ABANDONED);
        assertRefusedUnchanged(game, ClaimAbandonment.of("g1", CAROL.id(), 60_000), RejectionReason.NOT_A_PLAYER);
        GameEnded ended = (GameEnded) decide(game, ClaimAbandonment.of("g1", ALICE.id(), 60_000)).events().get(0);
        assertThat(ended.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(ended.reason()).isEqualTo(EndReason.ABANDONMENT);
        assertThat(ended.ranked()).isFalse();
    }

    @Test
    void chatGoesToTheChannelOfWhoWritesAndStaysOpenHalfAnHourAfterTheEnd() {
        LiveGame game = casual();
        Decision posted = decide(game, PostChat.of("g1", ALICE.id(), "alice", ChatChannel.PLAYERS, "good luck"));
        ChatPosted message = (ChatPosted) posted.events().get(0);
        assertThat(posted).isInstanceOf(Decision.Chatted.class);
        assertThat(message.version()).isEqualTo(2);
        assertThat(message.authorId()).isEqualTo(ALICE.id());
        assertThat(message.text()).isEqualTo("good luck");
        assertThat(game.chatCount(ChatChannel.PLAYERS)).isEqualTo(1);
        assertThat(decide(game, PostChat.of("g1", CAROL.id(), "carol", ChatChannel.SPECTATORS, "hi all")).events().get(0))
                .isInstanceOf(ChatPosted.class);

        assertRefusedUnchanged(game, PostChat.of("g1", CAROL.id(), "carol", ChatChannel.PLAYERS, "let me in"), RejectionReason.NOT_A_PLAYER);
        assertRefusedUnchanged(game, PostChat.of("g1", BOB.id(), "bob", ChatChannel.SPECTATORS, "psst"), RejectionReason.FORBIDDEN);

        decide(game, Resign.of("g1", BOB.id()), T0.plusSeconds(10));
        assertThat(decide(game, PostChat.of("g1", BOB.id(), "bob", ChatChannel.PLAYERS, "gg"), T0.plusSeconds(10).plus(Duration.ofMinutes(30))))
                .isInstanceOf(Decision.Chatted.class);
        MoveRejected late = rejected(decide(game, PostChat.of("g1", BOB.id(), "bob", ChatChannel.PLAYERS, "still there?"),
                T0.plusSeconds(11).plus(Duration.ofMinutes(30))), RejectionReason.TOO_LATE);
        assertThat(late.playerId()).isEqualTo(BOB.id());
    }

    @Test
    void aChannelHoldsFiveHundredMessagesRemovedOnesIncluded() {
        LiveGame game = casual();
        String first = null;
        for (int i = 0; i < GameAuthority.MAX_CHAT_PER_CHANNEL; i++) {
            ChatPosted posted = (ChatPosted) decide(game, PostChat.of("g1", CAROL.id(), "carol", ChatChannel.SPECTATORS, "m" + i)).events().get(0);
            first = first == null ? posted.eventId() : first;
        }
        decide(game, RemoveChat.of("g1", "mod-id", first, "spam"));
        assertRefusedUnchanged(game, PostChat.of("g1", CAROL.id(), "carol", ChatChannel.SPECTATORS, "one more"), RejectionReason.CHAT_FULL);
        assertThat(decide(game, PostChat.of("g1", ALICE.id(), "alice", ChatChannel.PLAYERS, "ours is open"))).isInstanceOf(Decision.Chatted.class);
    }

    @Test
    void staffRemoveAMessageOnceAndOnlyAnExistingOne() {
        LiveGame game = casual();
        ChatPosted posted = (ChatPosted) decide(game, PostChat.of("g1", CAROL.id(), "carol", ChatChannel.SPECTATORS, "rude")).events().get(0);
        decide(game, Resign.of("g1", ALICE.id()));
        Decision removal = decide(game, RemoveChat.of("g1", "mod-id", posted.eventId(), "insult"), T0.plus(Duration.ofDays(2)));
        ChatRemoved removed = (ChatRemoved) removal.events().get(0);
        assertThat(removed.messageId()).isEqualTo(posted.eventId());
        assertThat(removed.channel()).isEqualTo(ChatChannel.SPECTATORS);
        assertThat(removed.staffId()).isEqualTo("mod-id");
        assertThat(((Decision.ChatRemoval) removal).reason()).isEqualTo("insult");
        assertThat(game.visibleChat(posted.eventId())).isNull();
        assertRefusedUnchanged(game, RemoveChat.of("g1", "mod-id", posted.eventId(), "again"), RejectionReason.UNKNOWN_MESSAGE);
        assertRefusedUnchanged(game, RemoveChat.of("g1", "mod-id", "no-such-message", "x"), RejectionReason.UNKNOWN_MESSAGE);
    }

    @Test
    void theNewCommandsOnAnUnknownGameAreUnknownGame() {
        for (GameCommand command : new GameCommand[]{MakeOffer.of("nope", ALICE.id(), OfferKind.DRAW),
                AnswerOffer.of("nope", ALICE.id(), OfferKind.DRAW, true), PlayerAbort.of("nope", ALICE.id()),
                ClaimAbandonment.of("nope", ALICE.id(), 1), PostChat.of("nope", ALICE.id(), "alice", ChatChannel.PLAYERS, "x"),
                RemoveChat.of("nope", "mod", "m", "r")}) {
            rejected(authority.decide(null, command, T0), RejectionReason.UNKNOWN_GAME);
        }
    }

    @Test
    void aGameWhoseFirstMoveDoesNotComeIsAbortedByTheClockWatch() {
        LiveGame untimed = casual();
        assertThat(untimed.deadline()).isEqualTo(T0.plusSeconds(30)); // untimed games too are watched at ply 0 and 1
        assertThat(decide(untimed, ClaimTimeout.of("g1"), T0.plusSeconds(29))).isInstanceOf(Decision.Unchanged.class);
        GameEnded aborted = (GameEnded) decide(untimed, ClaimTimeout.of("g1"), T0.plusSeconds(31)).events().get(0);
        assertThat(aborted.result()).isEqualTo(Status.DRAW);
        assertThat(aborted.reason()).isEqualTo(EndReason.ABORTED);
        assertThat(untimed.endedAt()).isEqualTo(T0.plusSeconds(30));

        LiveGame timed = start(true, new TimeControl(300, 5));
        play(timed, "K10"); // at T0+1: black's first move is due by T0+31
        assertThat(timed.deadline()).isEqualTo(T0.plusSeconds(31));
        GameEnded second = (GameEnded) decide(timed, ClaimTimeout.of("g1"), T0.plusSeconds(40)).events().get(0);
        assertThat(second.reason()).isEqualTo(EndReason.ABORTED);

        LiveGame started = casual();
        play(started, "K10", "L11");
        assertThat(started.deadline()).isNull(); // untimed, past ply 1: nothing to watch
        assertThat(decide(started, ClaimTimeout.of("g1"), T0.plusSeconds(3600))).isInstanceOf(Decision.Unchanged.class);
    }

    @Test
    void theComputersFirstMoveIsNeverWaitedForOnlyThePersons() {
        LiveGame computerWhite = ((Decision.Created) authority.decide(null,
                CreateGame.of("g1", PlayerRef.computer(3), ALICE, false, TimeControl.UNTIMED), T0)).game();
        assertThat(computerWhite.deadline()).isNull();
        assertThat(decide(computerWhite, ClaimTimeout.of("g1"), T0.plusSeconds(600))).isInstanceOf(Decision.Unchanged.class);

        LiveGame computerBlack = ((Decision.Created) authority.decide(null,
                CreateGame.of("g1", ALICE, PlayerRef.computer(3), false, TimeControl.UNTIMED), T0)).game();
        assertThat(computerBlack.deadline()).isEqualTo(T0.plusSeconds(30)); // the person's first move is awaited
        decide(computerBlack, PlayMove.of("g1", ALICE.id(), 1, "K10"));
        assertThat(computerBlack.deadline()).isNull(); // the computer's answer is not
        assertThat(decide(computerBlack, ClaimTimeout.of("g1"), T0.plusSeconds(600))).isInstanceOf(Decision.Unchanged.class);
        assertThat(computerBlack.isOver()).isFalse();
    }

    @Test
    void aShortClockThatRunsOutBeforeTheFirstMoveWindowIsATimeout() {
        LiveGame game = start(false, new TimeControl(10, 0));
        assertThat(game.deadline()).isEqualTo(T0.plusSeconds(10));
        GameEnded ended = (GameEnded) decide(game, ClaimTimeout.of("g1"), T0.plusSeconds(11)).events().get(0);
        assertThat(ended.reason()).isEqualTo(EndReason.TIMEOUT);
        assertThat(ended.result()).isEqualTo(Status.BLACK_WINS);
    }

    @Test
    void rejectionsNameWhoSentTheCommand() {
        LiveGame game = casual();
        assertThat(rejected(decide(game, PostChat.of("g1", BOB.id(), "bob", ChatChannel.SPECTATORS, "x")), RejectionReason.FORBIDDEN)
                .playerId()).isEqualTo(BOB.id());
        assertThat(rejected(decide(game, RemoveChat.of("g1", "mod-id", "nope", "x")), RejectionReason.UNKNOWN_MESSAGE).playerId())
                .isEqualTo("mod-id");
        assertThat(rejected(decide(game, AnswerOffer.of("g1", ALICE.id(), OfferKind.DRAW, true)), RejectionReason.NO_OFFER).playerId())
                .isEqualTo(ALICE.id());
    }
}
