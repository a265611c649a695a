package club.pente.game.persistence;

import club.pente.core.contract.Abort;
import club.pente.core.contract.AnnulGame;
import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.AuditAction;
import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.contract.Topic;
import club.pente.game.domain.StaffAudit;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.RemoveChat;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.game.application.CommandKey;
import club.pente.game.application.CommandPipeline;
import club.pente.game.application.CommandRecord;
import club.pente.game.application.LiveGames;
import club.pente.game.application.EventRecord;
import club.pente.game.application.GameLedger.Batch;
import club.pente.game.application.GameLedger.GameWrite;
import club.pente.game.application.GameLedger.Processed;
import club.pente.game.application.GameLedger.RecordPosition;
import club.pente.game.application.GameLedger.StoredEvent;
import club.pente.game.application.StaleGameException;
import club.pente.game.domain.AppliedMove;
import club.pente.game.domain.GameAuthority;
import club.pente.game.domain.LiveGame;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ledger's one-statement batch write on the real PostgreSQL: all of it, or nothing when a guard fails. */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class JdbcGameLedgerTest {
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MICROS);
    /** Record offsets of this run only: the test database also holds what other tests' pipelines wrote. */
    private static final long BASE = 1_000_000_000L + (System.nanoTime() & 0xFFFFFFL) * 100;

    @Inject
    JdbcGameLedger ledger;
    @Inject
    DataSource dataSource;

    private long offset = BASE + 1_000;

    private CommandRecord at(GameCommand command) {
        return new CommandRecord(0, offset++, command);
    }

    private List<String> column(String sql, String gameId) throws Exception {
        List<String> values = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); PreparedStatement query = connection.prepareStatement(sql)) {
            query.setString(1, gameId);
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    values.add(rs.getString(1));
                }
            }
        }
        return values;
    }

    private static LiveGame fresh(String id) {
        LiveGame game = LiveGame.fresh(id, new PlayerRef("w-" + id, "white"), new PlayerRef("b-" + id, "black"), false, TimeControl.UNTIMED, NOW);
        return new LiveGame(id, game.white(), game.black(), false, TimeControl.UNTIMED, NOW, game.position(), 1, 0, 0, NOW);
    }

    private static Processed processed(String gameId, String commandId, long offset) {
        return new Processed(new CommandKey(gameId, "", commandId), new RecordPosition(0, offset), "APPLIED", NOW);
    }

    private static StoredEvent event(String gameId, long version, long offset) {
        return new StoredEvent(new EventRecord(gameId, "GameStarted", "{\"v\":" + version + "}"), UUID.randomUUID().toString(), version,
                new RecordPosition(0, offset), NOW);
    }

    @Test
    void aBatchIsWrittenWholeAndReadBack() {
        String id = "ledger-" + UUID.randomUUID();
        ledger.commit(new Batch(List.of(processed(id, "c1", BASE + 10)), List.of(new GameWrite(fresh(id), 0, 0)), List.of(),
                List.of(event(id, 1, BASE + 10))));

        LiveGame game = ledger.load(List.of(id, "no-such-game")).get(id);
        assertThat(game.version()).isEqualTo(1);
        assertThat(ledger.load(List.of("no-such-game"))).isEmpty();
        Map<CommandKey, RecordPosition> seen = ledger.processed(List.of(new CommandKey(id, "", "c1"), new CommandKey(id, "", "c2")));
        assertThat(seen).containsOnly(Map.entry(new CommandKey(id, "", "c1"), new RecordPosition(0, BASE + 10)));
        assertThat(ledger.eventsOf(List.of(new RecordPosition(0, BASE + 10)))).extracting(StoredEvent::version).containsExactly(1L);

        // The next batch places a stone and moves the game to version 2.
        game.position().play(club.pente.core.notation.Notation.parse("K10"));
        LiveGame moved = new LiveGame(id, game.white(), game.black(), false, TimeControl.UNTIMED, NOW, game.position(), 2, 0, 0, NOW);
        ledger.commit(new Batch(List.of(processed(id, "c2", BASE + 11)), List.of(new GameWrite(moved, 1, 0)),
                List.of(new AppliedMove(id, 1, Color.WHITE, "w-" + id, "K10", List.of(), "c2", 0, 0, NOW)), List.of(event(id, 2, BASE + 11))));
        assertThat(ledger.load(List.of(id)).get(id).position().ply()).isEqualTo(1);
    }

    @Test
    void aStaleGameFailsTheWholeBatchAndWritesNothing() {
        String id = "ledger-" + UUID.randomUUID();
        String other = "ledger-" + UUID.randomUUID();
        ledger.commit(new Batch(List.of(processed(id, "c1", BASE + 20)), List.of(new GameWrite(fresh(id), 0, 0)), List.of(), List.of()));

        LiveGame stale = new LiveGame(id, fresh(id).white(), fresh(id).black(), false, TimeControl.UNTIMED, NOW, fresh(id).position(), 3, 0, 0, NOW);
        Batch batch = new Batch(List.of(processed(other, "c1", BASE + 21), processed(id, "c9", BASE + 22)),
                List.of(new GameWrite(fresh(other), 0, 0), new GameWrite(stale, 2, 0)), List.of(), List.of(event(other, 1, BASE + 21)));
        assertThatThrownBy(() -> ledger.commit(batch)).isInstanceOf(StaleGameException.class).hasMessageContaining(id);

        assertThat(ledger.load(List.of(other))).as("the game created in the same batch").isEmpty();
        assertThat(ledger.processed(List.of(new CommandKey(other, "", "c1"), new CommandKey(id, "", "c9")))).isEmpty();
        assertThat(ledger.eventsOf(List.of(new RecordPosition(0, BASE + 21)))).isEmpty();
        assertThat(ledger.load(List.of(id)).get(id).version()).isEqualTo(1);
    }

    @Test
    void takebacksDeleteTheStoredMovesAndTheSamePlyIsWrittenAgainEvenInTheSameBatch() throws Exception {
        String id = "ledger-tb-" + UUID.randomUUID();
        PlayerRef alice = new PlayerRef("alice-" + id, "alice");
        PlayerRef bob = new PlayerRef("bob-" + id, "bob");
        CommandPipeline pipeline = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        pipeline.process(List.of(at(CreateGame.of(id, alice, bob, false, new TimeControl(300, 5))),
                at(PlayMove.of(id, alice.id(), 1, "K10")), at(PlayMove.of(id, bob.id(), 2, "L11")), at(PlayMove.of(id, alice.id(), 3, "K13"))));
        // Stored ply 3 taken back, then ply 3 played anew and taken back again, then played a third time: one batch.
        pipeline.process(List.of(at(MakeOffer.of(id, alice.id(), OfferKind.TAKEBACK)), at(AnswerOffer.of(id, bob.id(), OfferKind.TAKEBACK, true)),
                at(PlayMove.of(id, alice.id(), 3, "M13")),
                at(MakeOffer.of(id, alice.id(), OfferKind.TAKEBACK)), at(AnswerOffer.of(id, bob.id(), OfferKind.TAKEBACK, true)),
                at(PlayMove.of(id, alice.id(), 3, "N13"))));
        assertThat(column("select point from moves where game_id = ? order by ply", id)).containsExactly("K10", "L11", "N13");

        // A new owner (nothing cached) reloads the game from the database and takes back two plies.
        CommandPipeline other = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        List<EventRecord> events = other.process(List.of(at(MakeOffer.of(id, bob.id(), OfferKind.TAKEBACK)),
                at(AnswerOffer.of(id, alice.id(), OfferKind.TAKEBACK, true))));
        assertThat(events).extracting(EventRecord::type).containsExactly("OfferMade", "MovesTakenBack");
        assertThat(column("select point from moves where game_id = ? order by ply", id)).containsExactly("K10");
        LiveGame reloaded = ledger.load(List.of(id)).get(id);
        assertThat(reloaded.position().ply()).isEqualTo(1);
        assertThat(reloaded.version()).isEqualTo(12);
        assertThat(column("select ply || ' ' || version || ' ' || coalesce(offer_kind, '-') from games where id = ?", id))
                .containsExactly("1 12 -");
    }

    @Test
    void aPendingOfferAndTheChatCountsAreStoredAndReloadedExactly() throws Exception {
        String id = "ledger-chat-" + UUID.randomUUID();
        PlayerRef alice = new PlayerRef("alice-" + id, "alice");
        PlayerRef bob = new PlayerRef("bob-" + id, "bob");
        CommandPipeline pipeline = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        List<EventRecord> posted = pipeline.process(List.of(at(CreateGame.of(id, alice, bob, false, TimeControl.UNTIMED)),
                at(PlayMove.of(id, alice.id(), 1, "K10")),
                at(PostChat.of(id, alice.id(), "alice", ChatChannel.PLAYERS, "hello bob")),
                at(PostChat.of(id, "carol-" + id, "carol", ChatChannel.SPECTATORS, "go alice")),
                at(PostChat.of(id, "dave-" + id, "dave", ChatChannel.SPECTATORS, "spam spam")),
                at(MakeOffer.of(id, bob.id(), OfferKind.DRAW))));
        String spam = club.pente.core.contract.Contracts.json().readTree(posted.get(4).payload()).get("eventId").asText();
        pipeline.process(List.of(at(RemoveChat.of(id, "mod-" + id, spam, "spam"))));

        LiveGame reloaded = ledger.load(List.of(id)).get(id);
        assertThat(reloaded.offer()).isEqualTo(new LiveGame.Offer(OfferKind.DRAW, Color.BLACK));
        assertThat(reloaded.chatCount(ChatChannel.PLAYERS)).isEqualTo(1);
        assertThat(reloaded.chatCount(ChatChannel.SPECTATORS)).isEqualTo(2);
        assertThat(reloaded.visibleChat(spam)).isNull();
        assertThat(column("select message_id || ' ' || channel || ' ' || text || ' ' || coalesce(removed_by || ':' || removed_reason, '-') "
                + "from chat_messages where game_id = ? order by version", id)).containsExactly(
                posted.get(2).payload().replaceAll(".*\"eventId\":\"([^\"]+)\".*", "$1") + " PLAYERS hello bob -",
                posted.get(3).payload().replaceAll(".*\"eventId\":\"([^\"]+)\".*", "$1") + " SPECTATORS go alice -",
                spam + " SPECTATORS spam spam mod-" + id + ":spam");
        // Untimed at ply 1: the clock watch still has a first-move deadline to look at.
        assertThat(column("select deadline_at is not null from games where id = ?", id)).containsExactly("t");

        // Reloaded by a new owner, the offer is still there to accept.
        CommandPipeline other = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        assertThat(other.process(List.of(at(AnswerOffer.of(id, alice.id(), OfferKind.DRAW, true))))).extracting(EventRecord::type)
                .containsExactly("GameEnded");
        assertThat(column("select status || ' ' || end_reason || ' ' || coalesce(offer_kind, '-') from games where id = ?", id))
                .containsExactly("DRAW AGREEMENT -");
    }

    @Test
    void aKeryoTurnBasedTournamentGameIsReloadedWithItsVariantClockAndTrioCaptureAndPlaysOnAfterARestart() throws Exception {
        String id = "ledger-keryo-" + UUID.randomUUID();
        PlayerRef alice = new PlayerRef("alice-" + id, "alice");
        PlayerRef bob = new PlayerRef("bob-" + id, "bob");
        CommandPipeline pipeline = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        List<CommandRecord> batch = new ArrayList<>();
        batch.add(at(CreateGame.of(id, alice, bob, true, TimeControl.daysPerMove(3), club.pente.core.rules.Variant.KERYO, "tour-" + id)));
        List<String> points = List.of("K10", "L10", "N13", "L11", "L9", "L12", "L13"); // L13 takes Black's trio L10-L12
        for (int i = 0; i < points.size(); i++) {
            batch.add(at(PlayMove.of(id, (i % 2 == 0 ? alice : bob).id(), i + 1, points.get(i))));
        }
        pipeline.process(batch);

        // A new process: nothing but what PostgreSQL holds.
        LiveGame reloaded = ledger.load(List.of(id)).get(id);
        assertThat(reloaded.variant()).isEqualTo(club.pente.core.rules.Variant.KERYO);
        assertThat(reloaded.timeControl().daysPerMove()).isEqualTo(3);
        assertThat(reloaded.tournamentId()).isEqualTo("tour-" + id);
        assertThat(reloaded.position().capturedStones(Color.WHITE)).isEqualTo(3);
        assertThat(reloaded.position().hash())
                .isEqualTo(club.pente.core.notation.Replay.of(club.pente.core.rules.Variant.KERYO, points).position().hash());
        assertThat(reloaded.deadline()).isAfter(Instant.now().plus(java.time.Duration.ofDays(2)));

        CommandPipeline restarted = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        restarted.process(List.of(at(PlayMove.of(id, bob.id(), 8, "L11")))); // the freed point, legal only in Keryo
        assertThat(column("select point from moves where game_id = ? order by ply", id))
                .containsExactly("K10", "L10", "N13", "L11", "L9", "L12", "L13", "L11");
    }

    @Test
    void aRedeliveredBatchWithATakebackAndChatIsNotAppliedTwice() throws Exception {
        String id = "ledger-again-" + UUID.randomUUID();
        PlayerRef alice = new PlayerRef("alice-" + id, "alice");
        PlayerRef bob = new PlayerRef("bob-" + id, "bob");
        CommandPipeline pipeline = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        pipeline.process(List.of(at(CreateGame.of(id, alice, bob, false, TimeControl.UNTIMED)),
                at(PlayMove.of(id, alice.id(), 1, "K10")), at(PlayMove.of(id, bob.id(), 2, "L11"))));
        List<CommandRecord> batch = List.of(at(MakeOffer.of(id, bob.id(), OfferKind.TAKEBACK)),
                at(AnswerOffer.of(id, alice.id(), OfferKind.TAKEBACK, true)),
                at(PostChat.of(id, bob.id(), "bob", ChatChannel.PLAYERS, "sorry")));
        List<EventRecord> original = pipeline.process(batch);

        // The Kafka transaction did not commit: a new owner gets the very same records again.
        CommandPipeline restarted = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        assertThat(restarted.process(batch)).containsExactlyElementsOf(original);
        assertThat(column("select point from moves where game_id = ? order by ply", id)).containsExactly("K10");
        assertThat(column("select text from chat_messages where game_id = ?", id)).containsExactly("sorry");
        assertThat(ledger.load(List.of(id)).get(id).version()).isEqualTo(6);
    }

    @Test
    void aStaffAbortIsAuditedInItsBatchOnceAndAnAnnulmentAndTheEndNoteSurviveAReload() throws Exception {
        String id = "staff-" + UUID.randomUUID();
        PlayerRef alice = new PlayerRef("alice-" + id, "alice");
        PlayerRef bob = new PlayerRef("bob-" + id, "bob");
        StaffActor mod = new StaffActor("mod-" + id, "mod", StaffRole.MODERATOR);
        StaffActor admin = new StaffActor("admin-" + id, "admin", StaffRole.ADMIN);
        CommandPipeline pipeline = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        pipeline.process(List.of(at(CreateGame.of(id, alice, bob, true, TimeControl.UNTIMED))));
        CommandRecord abort = at(Abort.by(mod, id, "stuck game"));
        List<EventRecord> first = pipeline.process(List.of(abort));
        assertThat(first).extracting(EventRecord::topic).containsExactly(Topic.GAME_EVENTS, Topic.ADMIN_AUDIT);

        // The record again, to a fresh instance, as after a crash before the Kafka commit: the same audit record, no second row.
        CommandPipeline restarted = new CommandPipeline(ledger, new LiveGames(), new GameAuthority(), Clock.systemUTC(), new SimpleMeterRegistry());
        assertThat(restarted.process(List.of(abort))).containsExactlyElementsOf(first);
        assertThat(restarted.process(List.of(at(abort.command())))).isEmpty();
        assertThat(column("select action || ' ' || outcome || ' ' || actor_name || ' ' || reason from admin_audit where game_id = ?", id))
                .containsExactly("ABORT_GAME APPLIED mod stuck game");
        String auditId = StaffAudit.auditId(id, mod.subject(), abort.command().commandId());
        assertThat(ledger.audits(List.of(auditId, "no-such-entry"))).extracting(AuditEntry::action).containsExactly(AuditAction.ABORT_GAME);

        List<EventRecord> annulled = restarted.process(List.of(at(AnnulGame.by(admin, id, "a test game"))));
        assertThat(annulled).extracting(EventRecord::type).containsExactly("GameAnnulled", "AuditEntry");
        LiveGame reloaded = ledger.load(List.of(id)).get(id);
        assertThat(reloaded.endNote()).isEqualTo("stuck game");
        assertThat(reloaded.annulment().by()).isEqualTo("admin");
        assertThat(reloaded.annulment().reason()).isEqualTo("a test game");
        assertThat(column("select end_note || ' / ' || annulled_by || ' / ' || annulled_reason from games where id = ?", id))
                .containsExactly("stuck game / admin / a test game");
        // The audit is append-only, whoever asks.
        assertThatThrownBy(() -> column("delete from admin_audit where game_id = ? returning audit_id", id)).hasMessageContaining("append-only");
    }
}
