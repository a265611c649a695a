package club.pente.game.rest;

import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The API's views are built from the read side's records (no entity, no stack). */
class GameViewsTest {
    private static final Instant CREATED = Instant.parse("2026-12-01T10:00:00Z");
    private static final PlayerRef WHITE = new PlayerRef("alice-account", "alice");
    private static final PlayerRef BLACK = new PlayerRef("guest:bob", "bob");

    @Test
    void aGameShowsTheRebuiltBoardItsMovesAndWhoIsToMove() {
        Position position = new Position();
        position.play(Notation.parse("K10"));
        LiveGame game = new LiveGame("g1", WHITE, BLACK, false, new TimeControl(600, 5), CREATED, position, 2, 600_000, 600_000,
                CREATED.plusSeconds(3));
        GameReads.StoredMove move = new GameReads.StoredMove(1, Color.WHITE, WHITE.id(), "K10", List.of(), CREATED.plusSeconds(3));

        GameView view = GameView.of(new GameReads.StoredGame(game, List.of(move)), CREATED.plusSeconds(10));

        assertThat(view.status()).isEqualTo(Status.ONGOING);
        assertThat(view.ply()).isEqualTo(1);
        assertThat(view.toMove()).isEqualTo(Color.BLACK);
        assertThat(view.version()).isEqualTo(2);
        assertThat(view.timeControl()).isEqualTo(new TimeControl(600, 5));
        assertThat(view.white()).isEqualTo(WHITE);
        assertThat(view.moves()).extracting(GameView.MoveView::point, GameView.MoveView::playerId).containsExactly(
                org.assertj.core.groups.Tuple.tuple("K10", WHITE.id()));
        assertThat(String.join("", view.board())).containsOnlyOnce("W");
        assertThat(view.endedAt()).isNull();
    }

    @Test
    void aFinishedGameHasNoOneToMoveAndItsResultSpelledAsStored() {
        LiveGame game = new LiveGame("g2", WHITE, BLACK, true, TimeControl.UNTIMED, CREATED, new Position(), 5, 0, 0, CREATED);
        game.restoreResult(Status.BLACK_WINS, EndReason.RESIGNATION, CREATED.plusSeconds(60));

        GameView view = GameView.of(new GameReads.StoredGame(game, List.of()), CREATED.plusSeconds(70));
        assertThat(view.toMove()).isNull();
        assertThat(view.reason()).isEqualTo(EndReason.RESIGNATION);
        assertThat(view.endedAt()).isEqualTo(CREATED.plusSeconds(60));

        GameSummary finished = GameSummary.of(new GameReads.GameListing("g2", WHITE, BLACK, true, TimeControl.UNTIMED,
                Status.BLACK_WINS, EndReason.RESIGNATION, 7, null, 5, CREATED, CREATED.plusSeconds(50), CREATED.plusSeconds(60)));
        assertThat(finished.status()).isEqualTo("BLACK_WINS");
        assertThat(finished.reason()).isEqualTo("RESIGNATION");
        GameSummary live = GameSummary.of(new GameReads.GameListing("g3", WHITE, BLACK, false, new TimeControl(180, 2),
                Status.ONGOING, null, 0, Color.WHITE, 1, CREATED, null, null));
        assertThat(live.reason()).isNull();
        assertThat(live.timeControl()).isEqualTo(new TimeControl(180, 2));
        assertThat(live.toMove()).isEqualTo(Color.WHITE);
    }

    @Test
    void aFinishedTimedGameShowsItsStoredFinalClocksAndEachMovesClocks() {
        Position position = new Position();
        position.play(Notation.parse("K10"));
        LiveGame game = new LiveGame("g4", WHITE, BLACK, false, new TimeControl(300, 5), CREATED, position, 3, 290_000, 185_000,
                CREATED.plusSeconds(15));
        game.restoreResult(Status.WHITE_WINS, EndReason.RESIGNATION, CREATED.plusSeconds(130));
        GameReads.StoredMove move = new GameReads.StoredMove(1, Color.WHITE, WHITE.id(), "K10", List.of(), CREATED.plusSeconds(15),
                java.util.Set.of(), 290_000, 300_000);
        GameReads.StoredGame stored = new GameReads.StoredGame(game, List.of(move));

        GameView soon = GameView.of(stored, CREATED.plusSeconds(131));
        GameView later = GameView.of(stored, CREATED.plusSeconds(100_000));
        assertThat(soon.clocks()).isEqualTo(new club.pente.core.contract.Clocks(290_000, 185_000));
        assertThat(later.clocks()).isEqualTo(soon.clocks());
        assertThat(soon.moves().get(0).whiteMillis()).isEqualTo(290_000L);
        assertThat(soon.moves().get(0).blackMillis()).isEqualTo(300_000L);
        assertThat(soon.offer()).isNull();
    }

    @Test
    void anUntimedGameHasNoPerMoveClocksAndShowsThePendingOffer() {
        Position position = new Position();
        position.play(Notation.parse("K10"));
        LiveGame game = new LiveGame("g5", WHITE, BLACK, false, TimeControl.UNTIMED, CREATED, position, 3, 0, 0, CREATED);
        game.restoreOffer(new LiveGame.Offer(club.pente.core.contract.OfferKind.TAKEBACK, Color.WHITE));
        GameView view = GameView.of(new GameReads.StoredGame(game, List.of(new GameReads.StoredMove(1, Color.WHITE, WHITE.id(), "K10",
                List.of(), CREATED))), CREATED.plusSeconds(5));
        assertThat(view.moves().get(0).whiteMillis()).isNull();
        assertThat(view.clocks()).isNull();
        assertThat(view.offer()).isEqualTo(new GameView.OfferView(club.pente.core.contract.OfferKind.TAKEBACK, Color.WHITE, WHITE.id()));
    }
}
