package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameReady;
import club.pente.core.contract.InvitationAccepted;
import club.pente.core.contract.MatchFinished;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.RematchOffered;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.MatchStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Invitations, matches and rematches as the application services decide them, on the in-memory repositories (no stack). */
class MatchesAndRematchesTest {
    private final InMemoryTransactions store = new InMemoryTransactions();
    private final RecordingAfterCommit afterCommit = new RecordingAfterCommit();
    private final Quotas quotas = new Quotas(100, 100, 10, 100, 100, 5);
    private final InvitationService invitations = new InvitationService(store, afterCommit, Duration.ofHours(24), quotas);
    private final GameEndings endings = new GameEndings(store, afterCommit);
    private final Rematches rematches = new Rematches(store, afterCommit);
    private final Matches matches = new Matches(store);
    private final Player alice = new Player("alice-account", "alice", true);
    private final Player bob = new Player("bob-account", "bob", true);

    private static GameEnded ended(StoredGame game, int whitePoints, int blackPoints) {
        return new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), game.id(), 9, Contracts.now(), Contracts.newId(),
                Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, game.ranked(), game.white(), game.black(), 9, PerSide.ZERO,
                new PerSide(whitePoints, blackPoints), null);
    }

    private StoredGame game(String id) {
        return store.state().games.get(id).game();
    }

    private StoredMatch match(String id) {
        return store.state().matches.get(id);
    }

    @Test
    void aThreeGameMatchAlternatesColoursAddsUpPointsAndFinishes() {
        StoredInvitation invitation = invitations.create(alice, "CASUAL", "10+5", "WHITE", 3);
        InvitationService.Accepted accepted = invitations.accept(bob, invitation.invitation().code());

        assertThat(accepted.color()).isEqualTo(Color.BLACK);
        assertThat(accepted.matchId()).isNotNull();
        assertThat(store.notifications(InvitationAccepted.class)).extracting(InvitationAccepted::playerId)
                .containsExactly(alice.id(), bob.id());
        StoredGame first = game(accepted.gameId());
        assertThat(first.origin()).isEqualTo(GameOrigin.MATCH);
        assertThat(first.gameNumber()).isEqualTo(1);
        assertThat(first.white().id()).isEqualTo(alice.id());
        assertThat(match(accepted.matchId()).status()).isEqualTo(MatchStatus.ONGOING);
        assertThat(afterCommit.outboxWritten.get()).isEqualTo(1);

        GameEnded firstEnd = ended(first, 3, 1);
        assertThat(endings.handle(firstEnd)).isTrue();
        assertThat(endings.handle(firstEnd)).as("a redelivered GameEnded").isFalse();
        StoredMatch afterOne = match(accepted.matchId());
        assertThat(afterOne.gamesPlayed()).isEqualTo(1);
        assertThat(afterOne.pointsA()).isEqualTo(3);
        assertThat(afterOne.pointsB()).isEqualTo(1);
        StoredGame second = game(afterOne.currentGameId());
        assertThat(second.white().id()).as("colours swap from game to game").isEqualTo(bob.id());
        assertThat(second.gameNumber()).isEqualTo(2);
        assertThat(store.notifications(GameReady.class)).allSatisfy(ready -> {
            assertThat(ready.gameId()).isEqualTo(second.id());
            assertThat(ready.origin()).isEqualTo("MATCH");
            assertThat(ready.gameNumber()).isEqualTo(2);
        }).hasSize(2);

        endings.handle(ended(second, 5, 0));
        StoredGame third = game(match(accepted.matchId()).currentGameId());
        assertThat(third.white().id()).isEqualTo(alice.id());
        endings.handle(ended(third, 0, 2));

        StoredMatch finished = match(accepted.matchId());
        assertThat(finished.status()).isEqualTo(MatchStatus.FINISHED);
        assertThat(finished.currentGameId()).isNull();
        assertThat(finished.pointsA()).isEqualTo(3);
        assertThat(finished.pointsB()).isEqualTo(1 + 5 + 2);
        assertThat(store.notifications(MatchFinished.class)).extracting(MatchFinished::playerId, MatchFinished::pointsA,
                MatchFinished::pointsB, MatchFinished::games).containsExactly(
                org.assertj.core.groups.Tuple.tuple(alice.id(), 3, 8, 3), org.assertj.core.groups.Tuple.tuple(bob.id(), 3, 8, 3));
        assertThat(store.state().commands).hasSize(3).allMatch(CreateGame.class::isInstance);
        assertThat(matches.find(accepted.matchId()).games()).extracting(MatchGame::number, MatchGame::pointsWhite)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 3), org.assertj.core.groups.Tuple.tuple(2, 5),
                        org.assertj.core.groups.Tuple.tuple(3, 0));
    }

    @Test
    void anAbortedGameEndsTheMatchWithTheGamesPlayedSoFar() {
        StoredInvitation invitation = invitations.create(alice, "CASUAL", "10+5", "WHITE", 5);
        InvitationService.Accepted accepted = invitations.accept(bob, invitation.invitation().code());
        endings.handle(ended(game(accepted.gameId()), 3, 1));
        StoredGame second = game(match(accepted.matchId()).currentGameId());

        GameEnded aborted = new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), second.id(), 2, Contracts.now(),
                Contracts.newId(), Status.DRAW, EndReason.ABORTED, false, second.white(), second.black(), 0, PerSide.ZERO, PerSide.ZERO, null);
        assertThat(endings.handle(aborted)).isTrue();

        // Before: the third game was created at once, and so on through all five (each aborted in turn).
        StoredMatch finished = match(accepted.matchId());
        assertThat(finished.status()).isEqualTo(MatchStatus.FINISHED);
        assertThat(finished.currentGameId()).isNull();
        assertThat(finished.gamesPlayed()).isEqualTo(1);
        assertThat(finished.pointsA()).isEqualTo(3);
        assertThat(finished.pointsB()).isEqualTo(1);
        assertThat(store.state().commands).hasSize(2);
        assertThat(store.notifications(MatchFinished.class)).extracting(MatchFinished::games).containsExactly(1, 1);
    }

    @Test
    void aRefusedAcceptanceWritesNothing() {
        StoredInvitation invitation = invitations.create(alice, "CASUAL", "10+5", "RANDOM", 1);
        assertThatThrownBy(() -> invitations.accept(alice, invitation.invitation().code()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.error()).isEqualTo("OWN_INVITATION"));
        assertThat(store.state().games).isEmpty();
        assertThat(store.state().notifications).isEmpty();
        assertThat(invitations.find(invitation.invitation().code()).invitation().status()).isEqualTo(
                club.pente.matchmaking.domain.Invitation.Status.OPEN);
    }

    @Test
    void theFirstToAskOffersARematchAndTheSecondCreatesItWithColoursSwapped() {
        InvitationService.Accepted accepted = invitations.accept(bob,
                invitations.create(alice, "RANKED", "5+5", "WHITE", 1).invitation().code());
        StoredGame previous = game(accepted.gameId());
        assertThatThrownBy(() -> rematches.request(alice, previous.id()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.error()).isEqualTo("GAME_NOT_OVER"));
        endings.handle(ended(previous, 0, 0));
        assertThatThrownBy(() -> rematches.request(new Player("guest:stranger", "stranger", false), previous.id()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(403));

        assertThat(rematches.request(alice, previous.id()).state()).isEqualTo(Rematches.State.OFFERED);
        assertThat(rematches.request(alice, previous.id()).state()).as("asking twice").isEqualTo(Rematches.State.OFFERED);
        assertThat(store.notifications(RematchOffered.class)).singleElement()
                .satisfies(offer -> assertThat(offer.playerId()).isEqualTo(bob.id()));

        Rematches.Outcome created = rematches.request(bob, previous.id());
        assertThat(created.state()).isEqualTo(Rematches.State.CREATED);
        assertThat(created.color()).as("bob had black").isEqualTo(Color.WHITE);
        StoredGame rematch = game(created.gameId());
        assertThat(rematch.origin()).isEqualTo(GameOrigin.REMATCH);
        assertThat(rematch.ranked()).isTrue();
        assertThat(rematch.white().id()).isEqualTo(bob.id());
        assertThat(store.notifications(GameReady.class)).extracting(GameReady::playerId).containsExactlyInAnyOrder(alice.id(), bob.id());

        Rematches.Outcome again = rematches.request(alice, previous.id());
        assertThat(again.gameId()).isEqualTo(created.gameId());
        assertThat(again.color()).isEqualTo(Color.BLACK);
        assertThat(store.state().commands).hasSize(2);
    }

    @Test
    void theComputerAgreesToARematchAtOnce() {
        ComputerGames computer = new ComputerGames(store, afterCommit, quotas);
        ComputerGames.Created created = computer.create(alice, 3, "WHITE", null);
        endings.handle(ended(game(created.gameId()), 0, 0));

        Rematches.Outcome outcome = rematches.request(alice, created.gameId());

        assertThat(outcome.state()).isEqualTo(Rematches.State.CREATED);
        assertThat(outcome.color()).isEqualTo(Color.BLACK);
        assertThat(store.notifications(RematchOffered.class)).isEmpty();
        assertThat(store.notifications(GameReady.class)).extracting(GameReady::playerId).containsExactly(alice.id());
    }
}
