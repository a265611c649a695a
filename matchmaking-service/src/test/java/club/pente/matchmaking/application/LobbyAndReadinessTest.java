package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCreationFailed;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.InvitationDeclined;
import club.pente.core.contract.InvitationReceived;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.SeekMatched;
import club.pente.kit.rest.ApiException;
import club.pente.matchmaking.domain.GameStatus;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.MatchStatus;
import club.pente.matchmaking.domain.SeekStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Game readiness (GameStarted / a refused CreateGame), addressed invitations and joining a seek, on the in-memory repositories. */
class LobbyAndReadinessTest {
    private final InMemoryTransactions store = new InMemoryTransactions();
    private final RecordingAfterCommit afterCommit = new RecordingAfterCommit();
    private final Quotas quotas = new Quotas(100, 100, 10, 100, 100, 5);
    private final InvitationService invitations = new InvitationService(store, afterCommit, Duration.ofHours(24), quotas);
    private final GameStarts starts = new GameStarts(store, afterCommit);
    private final SeekService seeks = new SeekService(store, null, afterCommit, 1500, quotas);
    private final Player alice = new Player("alice-account", "alice", true);
    private final Player bob = new Player("bob-account", "bob", true);
    private final Player carol = new Player("carol-account", "carol", true);
    private final Player guest = new Player("guest:g1", "Visitor", false);

    private StoredGame game(String id) {
        return store.run(tx -> tx.games().find(id));
    }

    private CreateGame createOf(String gameId) {
        return store.state().commands.stream().filter(c -> c instanceof CreateGame && c.gameId().equals(gameId))
                .map(CreateGame.class::cast).findFirst().orElseThrow();
    }

    private static MoveRejected refusal(CreateGame create, RejectionReason reason) {
        return new MoveRejected(Contracts.SCHEMA_VERSION, Contracts.newId(), create.gameId(), 0, Contracts.now(), create.commandId(),
                create.white().id(), reason, "refused for the test");
    }

    private static GameStarted started(CreateGame create) {
        return new GameStarted(Contracts.SCHEMA_VERSION, Contracts.newId(), create.gameId(), 1, Contracts.now(), create.commandId(),
                create.white(), create.black(), create.ranked(), create.timeControl(), null);
    }

    @Test
    void anAcceptedInvitationsGameIsPendingUntilTheGameServiceStartsIt() {
        String code = invitations.create(alice, "CASUAL", "5+5", "WHITE", 1).invitation().code();
        InvitationService.Accepted accepted = invitations.accept(bob, code);
        assertThat(accepted.game().status()).isEqualTo(GameStatus.PENDING);
        CreateGame create = createOf(accepted.gameId());

        assertThat(starts.started(started(create))).isTrue();
        assertThat(starts.started(started(create))).as("a redelivery changes nothing").isFalse();
        assertThat(game(accepted.gameId()).status()).isEqualTo(GameStatus.READY);
        assertThat(invitations.accept(bob, code).game().status()).as("asking again").isEqualTo(GameStatus.READY);
        assertThat(starts.rejected(refusal(create, RejectionReason.GAME_EXISTS))).as("a repeated CreateGame").isFalse();
        assertThat(game(accepted.gameId()).status()).isEqualTo(GameStatus.READY);
    }

    @Test
    void aRefusedCreateGameFailsTheGameAndTheInvitationAndTellsBothPlayers() {
        String code = invitations.create(alice, "CASUAL", "5+5", "WHITE", 3).invitation().code();
        InvitationService.Accepted accepted = invitations.accept(bob, code);
        CreateGame create = createOf(accepted.gameId());
        MoveRejected otherCommand = new MoveRejected(Contracts.SCHEMA_VERSION, Contracts.newId(), create.gameId(), 0, Contracts.now(),
                Contracts.newId(), bob.id(), RejectionReason.UNKNOWN_GAME, "no game yet");
        assertThat(starts.rejected(otherCommand)).as("the rejection of another command of the game").isFalse();
        MoveRejected ofALiveGame = new MoveRejected(Contracts.SCHEMA_VERSION, Contracts.newId(), create.gameId(), 3, Contracts.now(),
                create.commandId(), bob.id(), RejectionReason.FORBIDDEN, "not a CreateGame's refusal");
        assertThat(starts.rejected(ofALiveGame)).as("a rejection at a game's version is never a CreateGame's refusal").isFalse();
        assertThat(game(accepted.gameId()).status()).isEqualTo(GameStatus.PENDING);

        assertThat(starts.rejected(refusal(create, RejectionReason.FORBIDDEN))).isTrue();
        assertThat(starts.rejected(refusal(create, RejectionReason.FORBIDDEN))).as("redelivered").isFalse();

        StoredGame failed = game(accepted.gameId());
        assertThat(failed.status()).isEqualTo(GameStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo("FORBIDDEN");
        assertThat(store.state().invitations.get(code).invitation().status()).isEqualTo(Invitation.Status.FAILED);
        assertThat(store.state().matches.get(accepted.matchId()).status()).isEqualTo(MatchStatus.FAILED);
        assertThat(store.notifications(GameCreationFailed.class)).extracting(GameCreationFailed::playerId)
                .containsExactlyInAnyOrder(alice.id(), bob.id());
        assertThat(store.notifications(GameCreationFailed.class)).allSatisfy(n -> {
            assertThat(n.code()).isEqualTo(code);
            assertThat(n.gameId()).isEqualTo(accepted.gameId());
            assertThat(n.reason()).isEqualTo(RejectionReason.FORBIDDEN);
        });
        assertThatThrownBy(() -> invitations.accept(carol, code)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.error()).isEqualTo("INVITATION_FAILED"));
        assertThatThrownBy(() -> invitations.accept(bob, code)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.error()).isEqualTo("INVITATION_FAILED"));
    }

    @Test
    void aStartedGameIsNeverFailedAfterwards() {
        String code = invitations.create(alice, "CASUAL", "5+5", "WHITE", 1).invitation().code();
        CreateGame create = createOf(invitations.accept(bob, code).gameId());
        starts.started(started(create));
        assertThat(starts.rejected(refusal(create, RejectionReason.FORBIDDEN))).isFalse();
        assertThat(game(create.gameId()).status()).isEqualTo(GameStatus.READY);
        assertThat(store.notifications(GameCreationFailed.class)).isEmpty();
    }

    @Test
    void anAddressedInvitationIsListedForTheInviteeOnlyAndOnlyTheyMayTakeIt() {
        // bob has played before, so matchmaking knows his id and can notify him.
        invitations.accept(bob, invitations.create(carol, "CASUAL", "5+5", "WHITE", 1).invitation().code());
        String code = invitations.create(alice, "RANKED", "10+5", "RANDOM", 1, "Bob").invitation().code();

        assertThat(store.notifications(InvitationReceived.class)).singleElement().satisfies(n -> {
            assertThat(n.playerId()).isEqualTo(bob.id());
            assertThat(n.code()).isEqualTo(code);
            assertThat(n.inviter().name()).isEqualTo("alice");
            assertThat(n.ranked()).isTrue();
            assertThat(n.timeControl().initialSeconds()).isEqualTo(600);
        });
        assertThat(invitations.pending(bob).received()).extracting(i -> i.invitation().code()).containsExactly(code);
        assertThat(invitations.pending(alice).sent()).extracting(i -> i.invitation().code()).containsExactly(code);
        assertThat(invitations.pending(carol).received()).isEmpty();
        assertThat(invitations.pending(new Player("guest:bob", "bob", false)).received()).as("a guest named bob").isEmpty();

        assertThatThrownBy(() -> invitations.accept(carol, code)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.error()).isEqualTo("NOT_THE_INVITEE"));
        assertThatThrownBy(() -> invitations.decline(carol, code)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.error()).isEqualTo("NOT_THE_INVITEE"));
        assertThat(invitations.decline(bob, code).invitation().status()).isEqualTo(Invitation.Status.DECLINED);
        assertThat(store.notifications(InvitationDeclined.class)).singleElement()
                .satisfies(n -> assertThat(n.playerId()).isEqualTo(alice.id()));
        assertThatThrownBy(() -> invitations.accept(bob, code)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.error()).isEqualTo("INVITATION_DECLINED"));
        assertThat(invitations.pending(bob).received()).isEmpty();
    }

    @Test
    void badInviteesAreRefused() {
        for (String bad : new String[]{"bob smith", "x".repeat(65), "bob\n", "<b>"}) {
            assertThatThrownBy(() -> invitations.create(alice, "CASUAL", "5+5", "WHITE", 1, bad)).as(bad)
                    .hasFieldOrPropertyWithValue("code", "BAD_INVITEE");
        }
        assertThatThrownBy(() -> invitations.create(alice, "CASUAL", "5+5", "WHITE", 1, "ALICE"))
                .hasFieldOrPropertyWithValue("code", "SELF_INVITE");
    }

    @Test
    void theRefusalAPageIsToldMatchesWhatAcceptingAnswers() {
        StoredInvitation ranked = invitations.create(alice, "RANKED", "5+5", "WHITE", 1);
        var now = Contracts.now();
        assertThat(InvitationService.refusalFor(ranked, alice, now)).isEqualTo("OWN_INVITATION");
        assertThat(InvitationService.refusalFor(ranked, guest, now)).isEqualTo("RANKED_NEEDS_ACCOUNT");
        assertThat(InvitationService.refusalFor(ranked, null, now)).isEqualTo("RANKED_NEEDS_ACCOUNT");
        assertThat(InvitationService.refusalFor(ranked, bob, now)).isNull();
        assertThatThrownBy(() -> invitations.accept(alice, ranked.invitation().code())).hasFieldOrPropertyWithValue("error", "OWN_INVITATION");
        assertThatThrownBy(() -> invitations.accept(guest, ranked.invitation().code()))
                .hasFieldOrPropertyWithValue("error", "RANKED_NEEDS_ACCOUNT");
    }

    @Test
    void joiningASeekPairsAtOnceAndOnlyOnce() {
        var seek = seeks.open(alice, "CASUAL", "5+5");
        assertThat(seeks.openSeeks()).extracting(SeekService.OpenSeek::id).containsExactly(seek.id());
        assertThatThrownBy(() -> seeks.join(alice, seek.id())).hasFieldOrPropertyWithValue("error", "OWN_SEEK");

        var mine = seeks.open(bob, "CASUAL", "10+5");
        SeekService.Joined joined = seeks.join(bob, seek.id());
        assertThat(joined.opponent().id()).isEqualTo(alice.id());
        assertThat(joined.game().status()).isEqualTo(GameStatus.PENDING);
        assertThat(joined.game().plays(bob.id())).isTrue();
        assertThat(store.state().seeks.get(seek.id()).status()).isEqualTo(SeekStatus.MATCHED);
        assertThat(store.state().seeks.get(mine.id()).status()).as("the joiner's own seek").isEqualTo(SeekStatus.CANCELLED);
        assertThat(store.notifications(SeekMatched.class)).extracting(SeekMatched::playerId).containsExactly(alice.id(), bob.id());
        assertThat(seeks.openSeeks()).isEmpty();

        assertThatThrownBy(() -> seeks.join(carol, seek.id())).hasFieldOrPropertyWithValue("error", "SEEK_TAKEN");
        assertThatThrownBy(() -> seeks.join(carol, "no-such-seek")).hasFieldOrPropertyWithValue("error", "UNKNOWN_SEEK");
        var casual = seeks.open(carol, "CASUAL", "5+5");
        assertThat(seeks.join(guest, casual.id()).game().ranked()).as("a guest joins a casual seek").isFalse();
    }
}
