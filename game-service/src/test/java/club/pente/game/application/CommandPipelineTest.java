package club.pente.game.application;

import club.pente.core.contract.Abort;
import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditOutcome;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.contract.Topic;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.RemoveChat;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TimeControl;
import club.pente.game.application.GameLedger.ChatWrite;
import club.pente.game.domain.GameAuthority;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The command pipeline on its own: batches decided in memory against a ledger in memory. */
class CommandPipelineTest {
    private static final PlayerRef ALICE = new PlayerRef("alice-id", "alice");
    private static final PlayerRef BOB = new PlayerRef("bob-id", "bob");

    private final InMemoryLedger ledger = new InMemoryLedger();
    private final LiveGames liveGames = new LiveGames();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger eventIds = new AtomicInteger();
    private final CommandPipeline pipeline = new CommandPipeline(ledger, liveGames, new GameAuthority(() -> "e" + eventIds.incrementAndGet()),
            Clock.fixed(Instant.now(), ZoneOffset.UTC), registry);
    private long offset;

    private CommandRecord at(int partition, GameCommand command) {
        return new CommandRecord(partition, offset++, command);
    }

    private static CreateGame create(String id) {
        return CreateGame.of(id, ALICE, BOB, false, TimeControl.UNTIMED);
    }

    @Test
    void aWholeBatchIsDecidedInOrderAndCommittedOnce() {
        List<CommandRecord> batch = List.of(at(0, create("g1")), at(1, create("g2")),
                at(0, PlayMove.of("g1", ALICE.id(), 1, "K10")), at(1, PlayMove.of("g2", ALICE.id(), 1, "K10")),
                at(0, PlayMove.of("g1", BOB.id(), 2, "L11")));

        List<EventRecord> events = pipeline.process(batch);

        assertThat(ledger.commits).isEqualTo(1);
        assertThat(ledger.reads).as("one read of seen commands, one of games").isEqualTo(2);
        assertThat(events).extracting(EventRecord::type).containsExactly("GameStarted", "GameStarted", "MovePlayed", "MovePlayed", "MovePlayed");
        assertThat(ledger.published()).filteredOn(e -> e.gameId().equals("g1")).extracting(GameEvent::version).containsExactly(1L, 2L, 3L);
        assertThat(ledger.moves.get("g1")).hasSize(2);
        assertThat(ledger.games.get("g1").version()).isEqualTo(3);
        assertThat(liveGames.get("g1").position().ply()).isEqualTo(2);
        assertThat(registry.counter("pente.game.moves.applied").count()).isEqualTo(3);
    }

    @Test
    void theNextBatchOfACachedGameReadsNoGame() {
        pipeline.process(List.of(at(0, create("g1"))));
        int reads = ledger.reads;
        pipeline.process(List.of(at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"))));
        assertThat(ledger.reads - reads).as("only the seen-commands read").isEqualTo(1);
    }

    @Test
    void aRepeatedCommandIdYieldsNothingInTheSameBatchOrLater() {
        PlayMove move = PlayMove.of("g1", ALICE.id(), 1, "K10");
        List<EventRecord> first = pipeline.process(List.of(at(0, create("g1")), at(0, move), at(0, move)));
        assertThat(first).extracting(EventRecord::type).containsExactly("GameStarted", "MovePlayed");

        List<EventRecord> later = pipeline.process(List.of(at(0, move)));
        assertThat(later).isEmpty();
        assertThat(ledger.moves.get("g1")).hasSize(1);
        assertThat(registry.counter("pente.game.commands.duplicate").count()).isEqualTo(2);
    }

    @Test
    void anotherPlayersCommandIdIsNotTheirCommand() {
        pipeline.process(List.of(at(0, create("g1")), at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"))));
        PlayMove bobs = new PlayMove(PlayMove.of("g1", BOB.id(), 2, "L11").schemaVersion(),
                ((MovePlayed) ledger.published().get(1)).commandId(), "g1", BOB.id(), 2, "L11", Instant.now());
        List<EventRecord> events = pipeline.process(List.of(at(0, bobs)));
        assertThat(events).extracting(EventRecord::type).containsExactly("MovePlayed");
    }

    @Test
    void aRecordRedeliveredAfterItsCommitRepublishesItsEventsExactly() {
        CommandRecord created = at(0, create("g1"));
        CommandRecord move = at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"));
        List<EventRecord> original = pipeline.process(List.of(created, move));

        // The Kafka transaction never committed: the same records come again, maybe to a fresh instance.
        LiveGames fresh = new LiveGames();
        CommandPipeline restarted = new CommandPipeline(ledger, fresh, new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        CommandRecord next = at(0, PlayMove.of("g1", BOB.id(), 2, "L11"));
        List<EventRecord> again = restarted.process(List.of(created, move, next));

        assertThat(again.subList(0, 2)).containsExactlyElementsOf(original);
        assertThat(again.get(2).type()).isEqualTo("MovePlayed");
        assertThat(ledger.moves.get("g1")).hasSize(2);
        assertThat(ledger.published()).extracting(GameEvent::version).containsExactly(1L, 2L, 3L);
    }

    @Test
    void aFailedCommitWritesNothingAndForgetsWhatTheBatchDecided() {
        pipeline.process(List.of(at(0, create("g1"))));
        CommandRecord move = at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"));
        ledger.failNextCommit = new IllegalStateException("connection reset");

        assertThatThrownBy(() -> pipeline.process(List.of(move))).hasMessage("connection reset");
        assertThat(liveGames.get("g1")).as("the in-place decision is dropped").isNull();

        List<EventRecord> retried = pipeline.process(List.of(move));
        assertThat(retried).extracting(EventRecord::type).containsExactly("MovePlayed");
        assertThat(ledger.published()).extracting(GameEvent::version).containsExactly(1L, 2L);
    }

    @Test
    void aGameChangedByAFormerOwnerIsStaleAndReloaded() {
        pipeline.process(List.of(at(0, create("g1"))));
        // Another instance (which owned the partition for a moment) wrote the first move.
        LiveGames other = new LiveGames();
        new CommandPipeline(ledger, other, new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry())
                .process(List.of(at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"))));

        CommandRecord bobs = at(0, PlayMove.of("g1", BOB.id(), 2, "L11"));
        // Our cache still has the game before that move, where a first move by alice is legal: the version
        // guard refuses to write it over the former owner's.
        CommandRecord alices = at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"));
        assertThatThrownBy(() -> pipeline.process(List.of(alices))).isInstanceOf(StaleGameException.class);
        assertThat(liveGames.get("g1")).isNull();

        List<EventRecord> events = pipeline.process(List.of(bobs));
        assertThat(events).extracting(EventRecord::type).containsExactly("MovePlayed");
        assertThat(ledger.moves.get("g1")).extracting(m -> m.point()).containsExactly("K10", "L11");
    }

    @Test
    void aRejectionDecidedOnAStaleCopyIsNotRecordedAndTheMoveIsDecidedOnTheStoredGame() {
        pipeline.process(List.of(at(0, create("g1"))));
        // A former owner applied alice's first move after this instance cached the game.
        new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry())
                .process(List.of(at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"))));

        // On the stale copy bob's reply is not his turn; recorded, it would be lost for good.
        CommandRecord bobs = at(0, PlayMove.of("g1", BOB.id(), 2, "L11"));
        assertThatThrownBy(() -> pipeline.process(List.of(bobs))).isInstanceOf(StaleGameException.class);
        assertThat(ledger.processed).doesNotContainKey(bobs.key());

        assertThat(pipeline.process(List.of(bobs))).extracting(EventRecord::type).containsExactly("MovePlayed");
        assertThat(ledger.moves.get("g1")).extracting(m -> m.point()).containsExactly("K10", "L11");
    }

    @Test
    void rejectionsAreRecordedAndPublishedButChangeNoGame() {
        pipeline.process(List.of(at(0, create("g1"))));
        List<EventRecord> events = pipeline.process(List.of(at(0, PlayMove.of("g1", BOB.id(), 1, "K10")),
                at(0, PlayMove.of("nope", ALICE.id(), 1, "K10"))));
        List<GameEvent> published = ledger.published();
        assertThat(events).extracting(EventRecord::type).containsExactly("MoveRejected", "MoveRejected");
        assertThat(published.subList(1, 3)).extracting(e -> ((MoveRejected) e).reason())
                .containsExactly(RejectionReason.NOT_YOUR_TURN, RejectionReason.UNKNOWN_GAME);
        assertThat(ledger.games.get("g1").version()).isEqualTo(1);
        assertThat(ledger.processed).hasSize(3);
        assertThat(published.get(0)).isInstanceOf(GameStarted.class);
    }

    @Test
    void aBatchOfManyGamesCostsTheSameFewLedgerCalls() {
        List<CommandRecord> batch = new ArrayList<>();
        for (int g = 0; g < 300; g++) {
            batch.add(at(g % 12, create("g" + g)));
        }
        pipeline.process(batch);
        int reads = ledger.reads;
        List<CommandRecord> moves = new ArrayList<>();
        for (int g = 0; g < 300; g++) {
            moves.add(at(g % 12, PlayMove.of("g" + g, ALICE.id(), 1, "K10")));
        }
        assertThat(pipeline.process(moves)).hasSize(300);
        assertThat(ledger.reads - reads).isEqualTo(1);
        assertThat(ledger.commits).isEqualTo(2);
    }

    @Test
    void aTakebackInsideABatchDropsTheBatchsOwnMoveAndALaterOneDeletesTheStoredMove() {
        List<EventRecord> events = pipeline.process(List.of(at(0, create("g1")),
                at(0, PlayMove.of("g1", ALICE.id(), 1, "K10")), at(0, PlayMove.of("g1", BOB.id(), 2, "L11")),
                at(0, PlayMove.of("g1", ALICE.id(), 3, "K13")),
                at(0, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK)), at(0, AnswerOffer.of("g1", BOB.id(), OfferKind.TAKEBACK, true)),
                at(0, PlayMove.of("g1", ALICE.id(), 3, "M13")))); // the same ply again, in the same batch
        assertThat(events).extracting(EventRecord::type).containsExactly("GameStarted", "MovePlayed", "MovePlayed", "MovePlayed",
                "OfferMade", "MovesTakenBack", "MovePlayed");
        assertThat(ledger.moves.get("g1")).extracting(m -> m.point()).containsExactly("K10", "L11", "M13");

        pipeline.process(List.of(at(0, MakeOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK)),
                at(0, AnswerOffer.of("g1", BOB.id(), OfferKind.TAKEBACK, true))));
        assertThat(ledger.moves.get("g1")).extracting(m -> m.point()).containsExactly("K10", "L11");
        assertThat(ledger.load(List.of("g1")).get("g1").position().ply()).isEqualTo(2);
        assertThat(ledger.games.get("g1").version()).isEqualTo(9);
    }

    @Test
    void aPendingOfferAndTheChatSurviveAReload() {
        pipeline.process(List.of(at(0, create("g1")), at(0, PlayMove.of("g1", ALICE.id(), 1, "K10")),
                at(0, PostChat.of("g1", ALICE.id(), "alice", ChatChannel.PLAYERS, "hi")),
                at(0, MakeOffer.of("g1", BOB.id(), OfferKind.DRAW))));
        LiveGames fresh = new LiveGames();
        CommandPipeline restarted = new CommandPipeline(ledger, fresh, new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        List<EventRecord> events = restarted.process(List.of(at(0, AnswerOffer.of("g1", ALICE.id(), OfferKind.DRAW, true))));
        assertThat(events).extracting(EventRecord::type).containsExactly("GameEnded");
        assertThat(ledger.load(List.of("g1")).get("g1").chatCount(ChatChannel.PLAYERS)).isEqualTo(1);
    }

    @Test
    void aRedeliveredBatchWithATakebackAndChatAppliesNeitherTwice() {
        pipeline.process(List.of(at(0, create("g1")), at(0, PlayMove.of("g1", ALICE.id(), 1, "K10")),
                at(0, PlayMove.of("g1", BOB.id(), 2, "L11"))));
        List<CommandRecord> batch = List.of(at(0, MakeOffer.of("g1", BOB.id(), OfferKind.TAKEBACK)),
                at(0, AnswerOffer.of("g1", ALICE.id(), OfferKind.TAKEBACK, true)),
                at(0, PostChat.of("g1", BOB.id(), "bob", ChatChannel.PLAYERS, "sorry, misclick")));
        List<EventRecord> original = pipeline.process(batch);

        CommandPipeline restarted = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        List<EventRecord> again = restarted.process(batch);

        assertThat(again).containsExactlyElementsOf(original);
        assertThat(ledger.moves.get("g1")).extracting(m -> m.point()).containsExactly("K10");
        assertThat(ledger.chats.get("g1")).hasSize(1);
        assertThat(ledger.games.get("g1").version()).isEqualTo(6);
        assertThat(ledger.load(List.of("g1")).get("g1").position().ply()).isEqualTo(1);
    }

    @Test
    void aMessageRemovedInTheBatchThatPostedItIsStoredRemoved() {
        pipeline.process(List.of(at(0, create("g1"))));
        PostChat post = PostChat.of("g1", "carol-id", "carol", ChatChannel.SPECTATORS, "spam");
        // The message id is the ChatPosted event id, which the test's id supplier makes predictable: the next one.
        String messageId = "e" + (eventIds.get() + 1);
        List<EventRecord> events = pipeline.process(List.of(at(0, post), at(0, RemoveChat.of("g1", "mod-id", messageId, "spam"))));
        assertThat(events).extracting(EventRecord::type).containsExactly("ChatPosted", "ChatRemoved");
        assertThat(ledger.chats.get("g1")).singleElement().satisfies(row -> {
            assertThat(row.posted().eventId()).isEqualTo(messageId);
            assertThat(row.removal()).isNotNull();
            assertThat(row.removal().reason()).isEqualTo("spam");
        });
        assertThat(ledger.published().get(2)).isInstanceOf(club.pente.core.contract.ChatRemoved.class);
        assertThat(((ChatPosted) ledger.published().get(1)).eventId()).isEqualTo(messageId);
    }

    private static final StaffActor MOD = new StaffActor("mod-id", "mod", StaffRole.MODERATOR);

    @Test
    void aStaffCommandIsAuditedOnceInTheBatchAndItsRedeliveryRepublishesTheSameEntryWithoutWritingIt() {
        pipeline.process(List.of(at(0, create("g1"))));
        CommandRecord abort = at(0, Abort.by(MOD, "g1", "stuck game"));
        List<EventRecord> first = pipeline.process(List.of(abort));

        assertThat(first).extracting(EventRecord::topic).containsExactly(Topic.GAME_EVENTS, Topic.ADMIN_AUDIT);
        EventRecord audit = first.get(1);
        assertThat(audit.key()).isEqualTo("g1");
        assertThat(ledger.audits).hasSize(1);
        assertThat(ledger.audits.values().iterator().next().action()).isEqualTo(AuditAction.ABORT_GAME);

        // The Kafka transaction never committed: the very same record again republishes the same two records.
        CommandPipeline restarted = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        assertThat(restarted.process(List.of(abort))).containsExactlyElementsOf(first);
        // The same command in another record (a producer retry) is a duplicate: nothing, and no second entry.
        assertThat(restarted.process(List.of(at(0, abort.command())))).isEmpty();
        assertThat(ledger.audits).hasSize(1);
    }

    @Test
    void aForfeitSentTwiceWithTheSameCommandIdEndsTheGameOnceAndIsAuditedOnce() {
        pipeline.process(List.of(at(0, create("g1"))));
        StaffActor admin = new StaffActor("admin-id", "admin", StaffRole.ADMIN);
        ForfeitGame forfeit = new ForfeitGame(Contracts.SCHEMA_VERSION, "forfeit-x", "g1", BOB.id(), "susp-1", admin, "cheating",
                Instant.now());
        List<EventRecord> first = pipeline.process(List.of(at(0, forfeit), at(0, forfeit)));
        assertThat(first).extracting(EventRecord::type).containsExactly("GameEnded", "AuditEntry");
        assertThat(pipeline.process(List.of(at(0, forfeit)))).isEmpty();
        assertThat(ledger.audits.values()).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo(AuditAction.FORFEIT_GAME);
            assertThat(entry.outcome()).isEqualTo(AuditOutcome.APPLIED);
            assertThat(entry.actor()).isEqualTo(admin);
        });
    }

    @Test
    void aStaffCommandTheRulesRefuseIsAuditedAsRefused() {
        pipeline.process(List.of(at(0, create("g1"))));
        pipeline.process(List.of(at(0, Abort.by(MOD, "g1", "first"))));
        List<EventRecord> late = pipeline.process(List.of(at(0, Abort.by(MOD, "g1", "second")), at(0, PlayMove.of("g1", ALICE.id(), 1, "K10"))));
        assertThat(late).extracting(EventRecord::type).containsExactly("MoveRejected", "AuditEntry", "MoveRejected");
        assertThat(ledger.audits.values()).extracting(entry -> entry.outcome() + " " + entry.detail())
                .containsExactly("APPLIED aborted at ply 0", "REFUSED GAME_OVER");
    }
}
