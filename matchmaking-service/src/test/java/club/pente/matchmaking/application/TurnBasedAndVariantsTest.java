package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.RatingCategory;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.kit.rest.ApiException;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.PairingPolicy;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import club.pente.matchmaking.ratings.RatingClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Variants and turn-based play in the application services, on the in-memory repositories (no stack): the game
 * each path creates carries its variant and time control; turn-based seeks and games are many per player, live
 * ones as before.
 */
class TurnBasedAndVariantsTest {
    private final InMemoryTransactions store = new InMemoryTransactions();
    private final RecordingAfterCommit afterCommit = new RecordingAfterCommit();
    /** Three waiting turn-based seeks and two turn-based computer games at most, to see the quotas bite. */
    private final Quotas quotas = new Quotas(100, 100, 10, 100, 100, 1, 3, 2);
    private final SeekService seeks = new SeekService(store, null, afterCommit, 1500, quotas);
    private final PairingService pairing = new PairingService(store, new PairingPolicy(100, 50, Duration.ofSeconds(5), 1000,
            new Random(1)), afterCommit, new SimpleMeterRegistry(), Duration.ofSeconds(60), Duration.ofDays(7));
    private final InvitationService invitations = new InvitationService(store, afterCommit, Duration.ofHours(24), quotas);
    private final GameEndings endings = new GameEndings(store, afterCommit);
    private final Rematches rematches = new Rematches(store, afterCommit);
    private final ComputerGames computer = new ComputerGames(store, afterCommit, quotas);
    private final Player ann = new Player("guest:ann", "ann", false);
    private final Player ben = new Player("guest:ben", "ben", false);
    private final Player cat = new Player("guest:cat", "cat", false);
    private final Player alice = new Player("alice-account", "alice", true);
    private final Player bob = new Player("bob-account", "bob", true);

    private static void refused(Runnable call, int status, String error) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.error()).isEqualTo(error);
        });
    }

    private static void badRequest(Runnable call, String code) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.code()).isEqualTo(code));
    }

    private CreateGame command(String gameId) {
        return store.state().commands.stream().filter(c -> c instanceof CreateGame create && create.gameId().equals(gameId))
                .map(CreateGame.class::cast).findFirst().orElseThrow();
    }

    private static GameEnded ended(StoredGame game) {
        return new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), game.id(), 9, Contracts.now(), Contracts.newId(),
                Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, game.ranked(), game.white(), game.black(), 9, PerSide.ZERO,
                new PerSide(5, 0), null);
    }

    @Test
    void twoThreeDayKeryoSeeksPairIntoAKeryoGameWithThreeDaysPerMove() {
        Seek mine = seeks.open(ann, "CASUAL", "3d", "keryo");
        Seek pente = seeks.open(cat, "CASUAL", "3d", "PENTE");
        Seek theirs = seeks.open(ben, "casual", "3D", "KERYO");
        assertThat(mine.variant()).isEqualTo(Variant.KERYO);

        assertThat(pairing.round()).isEqualTo(1);
        StoredSeek matched = seeks.refresh(ann, mine.id()).seek();
        assertThat(matched.status()).isEqualTo(SeekStatus.MATCHED);
        assertThat(matched.variant()).isEqualTo(Variant.KERYO);
        assertThat(seeks.refresh(ben, theirs.id()).seek().gameId()).isEqualTo(matched.gameId());
        assertThat(seeks.refresh(cat, pente.id()).seek().status()).as("a Pente seek never pairs with Keryo").isEqualTo(SeekStatus.WAITING);

        CreateGame create = command(matched.gameId());
        assertThat(create.variant()).isEqualTo(Variant.KERYO);
        assertThat(create.timeControl()).isEqualTo(TimeControl.daysPerMove(3));
        assertThat(create.tournamentId()).isNull();
        assertThat(store.state().games.get(matched.gameId()).game().variant()).isEqualTo(Variant.KERYO);
    }

    @Test
    void aPlayerHoldsManyTurnBasedSeeksBesideOneLiveSeek() {
        seeks.open(ann, "CASUAL", "1d", null);
        seeks.open(ann, "CASUAL", "1d", "gomoku");
        Seek live = seeks.open(ann, "CASUAL", "5+5", null);
        seeks.open(ann, "CASUAL", "7d", null);
        refused(() -> seeks.open(ann, "CASUAL", "10+5", null), 409, "ALREADY_SEEKING");
        refused(() -> seeks.open(ann, "CASUAL", "2d", null), 429, "TOO_MANY_TURN_BASED_SEEKS");
        assertThat(store.state().seeks).hasSize(4);

        // Joining someone's turn-based seek keeps one's own seeks; joining a live seek withdraws one's live seek.
        Seek bens = seeks.open(ben, "CASUAL", "2d", "gomoku");
        SeekService.Joined joined = seeks.join(ann, bens.id());
        assertThat(joined.variant()).isEqualTo(Variant.GOMOKU);
        assertThat(command(joined.game().id()).variant()).isEqualTo(Variant.GOMOKU);
        assertThat(command(joined.game().id()).timeControl().daysPerMove()).isEqualTo(2);
        assertThat(seeks.refresh(ann, live.id()).seek().status()).isEqualTo(SeekStatus.WAITING);

        Seek bensLive = seeks.open(ben, "CASUAL", "3+2", null);
        seeks.join(ann, bensLive.id());
        assertThat(seeks.refresh(ann, live.id()).seek().status()).isEqualTo(SeekStatus.CANCELLED);
        assertThat(seeks.openSeeks()).filteredOn(s -> s.player().id().equals(ann.id())).hasSize(3)
                .allSatisfy(s -> assertThat(s.timeControl()).endsWith("d"));
    }

    @Test
    void aTurnBasedSeekOutlivesTheLiveTimeToLive() {
        Seek turnBased = seeks.open(ann, "CASUAL", "5d", null);
        Seek live = seeks.open(ben, "CASUAL", "15+10", null);
        PairingService quick = new PairingService(store, new PairingPolicy(100, 50, Duration.ofSeconds(5), 1000, new Random(1)),
                afterCommit, new SimpleMeterRegistry(), Duration.ofMillis(-1), Duration.ofDays(7));
        assertThat(quick.expire()).isEqualTo(1);
        assertThat(seeks.refresh(ben, live.id()).seek().status()).isEqualTo(SeekStatus.EXPIRED);
        assertThat(seeks.refresh(ann, turnBased.id()).seek().status()).isEqualTo(SeekStatus.WAITING);
    }

    @Test
    void hostileVariantsAndDaysAreRefusedAndChangeNothing() {
        badRequest(() -> seeks.open(ann, "CASUAL", "3d", "renju"), "UNKNOWN_VARIANT");
        badRequest(() -> seeks.open(ann, "CASUAL", "3d", "x".repeat(300)), "UNKNOWN_VARIANT");
        badRequest(() -> seeks.open(ann, "CASUAL", "4d", "KERYO"), "UNKNOWN_TIME_CONTROL");
        badRequest(() -> seeks.open(ann, "CASUAL", "99d", null), "UNKNOWN_TIME_CONTROL");
        badRequest(() -> invitations.create(alice, "CASUAL", "3d", "WHITE", 1, null, "chess"), "UNKNOWN_VARIANT");
        badRequest(() -> invitations.create(alice, "CASUAL", "4d", "WHITE", 1, null, "keryo"), "UNKNOWN_TIME_CONTROL");
        badRequest(() -> computer.create(alice, 3, "WHITE", "3d", "pentex"), "UNKNOWN_VARIANT");
        badRequest(() -> computer.create(alice, 3, "WHITE", "99d", null), "UNKNOWN_TIME_CONTROL");
        assertThat(store.state().seeks).isEmpty();
        assertThat(store.state().invitations).isEmpty();
        assertThat(store.state().games).isEmpty();
        assertThat(store.state().commands).isEmpty();
    }

    @Test
    void anInvitedMatchPlaysEveryGameInItsVariantAndARematchKeepsVariantAndDays() {
        StoredInvitation invitation = invitations.create(alice, "RANKED", "2d", "WHITE", 2, null, "Gomoku");
        assertThat(invitation.variant()).isEqualTo(Variant.GOMOKU);
        InvitationService.Accepted accepted = invitations.accept(bob, invitation.invitation().code());
        assertThat(command(accepted.gameId()).variant()).isEqualTo(Variant.GOMOKU);
        assertThat(command(accepted.gameId()).timeControl().daysPerMove()).isEqualTo(2);
        assertThat(command(accepted.gameId()).ranked()).isTrue();

        endings.handle(ended(store.state().games.get(accepted.gameId()).game()));
        String second = store.state().matches.get(accepted.matchId()).currentGameId();
        assertThat(command(second).variant()).as("the match's second game").isEqualTo(Variant.GOMOKU);
        assertThat(command(second).timeControl().daysPerMove()).isEqualTo(2);

        StoredGame secondGame = store.state().games.get(second).game();
        endings.handle(ended(secondGame));
        rematches.request(alice, second);
        Rematches.Outcome rematch = rematches.request(bob, second);
        assertThat(rematch.state()).isEqualTo(Rematches.State.CREATED);
        CreateGame again = command(rematch.gameId());
        assertThat(again.variant()).isEqualTo(Variant.GOMOKU);
        assertThat(again.timeControl()).isEqualTo(TimeControl.daysPerMove(2));
        assertThat(again.white().id()).isEqualTo(secondGame.black().id());
    }

    @Test
    void turnBasedComputerGamesCountApartFromLiveOnes() {
        ComputerGames.Created keryo = computer.create(alice, 4, "BLACK", "1d", "KERYO");
        assertThat(keryo.variant()).isEqualTo(Variant.KERYO);
        assertThat(command(keryo.gameId()).variant()).isEqualTo(Variant.KERYO);
        assertThat(command(keryo.gameId()).timeControl().daysPerMove()).isEqualTo(1);
        computer.create(alice, 4, "BLACK", "7d", null);
        refused(() -> computer.create(alice, 4, "BLACK", "3d", null), 429, "TOO_MANY_TURN_BASED_COMPUTER_GAMES");

        // The one live computer game this quota allows is still there besides the two turn-based ones.
        ComputerGames.Created live = computer.create(alice, 2, "WHITE", null, "gomoku");
        assertThat(command(live.gameId()).timeControl().untimed()).isTrue();
        assertThat(command(live.gameId()).variant()).isEqualTo(Variant.GOMOKU);
        refused(() -> computer.create(alice, 2, "WHITE", "5+5", null), 429, "TOO_MANY_LIVE_COMPUTER_GAMES");
        assertThat(store.state().games).hasSize(3);
    }

    @Test
    void rankedSeeksCarryAndPairByTheRatingOfTheirCategory() {
        // The HTTP client itself is RatingClientTest's; here only which category each seek asks for.
        java.util.Map<String, Integer> byCategory = java.util.Map.of("alice-account/keryo-turn", 1900, "bob-account/keryo-turn", 1880,
                "alice-account/pente-live", 1200, "bob-account/pente-live", 2400);
        RatingClient ratings = new RatingClient("http://127.0.0.1:9", Duration.ofMillis(1), 1500) {
            @Override
            public int ratingOf(String playerId, RatingCategory category) {
                return byCategory.getOrDefault(playerId + "/" + category.id(), 1500);
            }
        };
        SeekService rated = new SeekService(store, ratings, afterCommit, 1500, quotas);
        Seek aliceKeryo = rated.open(alice, "RANKED", "3d", "KERYO");
        Seek bobKeryo = rated.open(bob, "RANKED", "3d", "KERYO");
        Seek aliceLive = rated.open(alice, "RANKED", "5+5", null);
        Seek bobLive = rated.open(bob, "RANKED", "5+5", null);
        assertThat(aliceKeryo.rating()).isEqualTo(1900);
        assertThat(bobKeryo.rating()).isEqualTo(1880);
        assertThat(aliceLive.rating()).isEqualTo(1200);

        // 20 points apart in keryo-turn: paired at once; 1200 points apart in pente-live: not (yet).
        assertThat(pairing.round()).isEqualTo(1);
        assertThat(rated.refresh(alice, aliceKeryo.id()).seek().status()).isEqualTo(SeekStatus.MATCHED);
        assertThat(rated.refresh(alice, aliceLive.id()).seek().status()).isEqualTo(SeekStatus.WAITING);
        assertThat(rated.refresh(bob, bobLive.id()).seek().status()).isEqualTo(SeekStatus.WAITING);
        assertThat(command(rated.refresh(bob, bobKeryo.id()).seek().gameId()).ranked()).isTrue();
    }

    @Test
    void oldFormsStillMakePenteGames() {
        Seek seek = seeks.open(ann, "CASUAL", "5+5");
        seeks.open(ben, "CASUAL", "5+5");
        assertThat(seek.variant()).isEqualTo(Variant.PENTE);
        assertThat(pairing.round()).isEqualTo(1);
        String gameId = seeks.refresh(ann, seek.id()).seek().gameId();
        assertThat(command(gameId).variant()).isEqualTo(Variant.PENTE);
        assertThat(command(gameId).timeControl().turnBased()).isFalse();
    }
}
