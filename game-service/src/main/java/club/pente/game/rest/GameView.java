package club.pente.game.rest;

import club.pente.core.contract.Clocks;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.BoardText;
import club.pente.core.rules.Announcement;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.game.application.GameReads;
import club.pente.game.domain.LiveGame;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A game as the API shows it. {@code clocks} are as of {@code asOf}: while the game is live the clock of
 * {@code toMove} is running; once it is over they are the stored final clocks and never change.
 * {@code board} is 19 strings, row 19 first, columns A..T. {@code offer} is the pending draw offer or
 * takeback request, or null. {@code endNote} is the staff's reason when staff ended the game (an abort, a forfeit);
 * {@code annulled} is set when staff annulled it. {@code variant} is the rules it is played by (the enum name,
 * {@code "KERYO"}); {@code tournamentId} null outside tournaments; {@code capturedStones} the stones each side took
 * (Keryo wins at 15; in Pente twice the pairs); {@code deadline} when the side to move loses if it does not move (on
 * time, or as a tournament's no-show; turn-based: before any vacation is drawn), null when untimed or over.
 */
public record GameView(
        String id,
        PlayerRef white,
        PlayerRef black,
        boolean ranked,
        TimeControl timeControl,
        Status status,
        EndReason reason,
        int ply,
        Color toMove,
        long version,
        PerSide capturedPairs,
        Clocks clocks,
        Instant asOf,
        List<String> board,
        List<MoveView> moves,
        OfferView offer,
        Instant createdAt,
        Instant endedAt,
        String endNote,
        AnnulledView annulled,
        Variant variant,
        String tournamentId,
        PerSide capturedStones,
        Instant deadline) {

    /** Staff annulled the finished game: when, who (username), why. */
    public record AnnulledView(Instant at, String by, String reason) {
    }

    /** One move: what it announced, and both clocks right after it (null when untimed), for replay. */
    public record MoveView(int ply, Color color, String playerId, String point, List<String> captured, Instant playedAt,
                           Set<Announcement> announcements, Long whiteMillis, Long blackMillis) {
    }

    public record OfferView(OfferKind kind, Color color, String playerId) {
    }

    static GameView of(GameReads.StoredGame stored, Instant now) {
        LiveGame game = stored.state();
        Position position = game.position();
        boolean timed = !game.timeControl().untimed();
        List<MoveView> moves = stored.moves().stream()
                .map(m -> new MoveView(m.ply(), m.color(), m.playerId(), m.point(), m.captured(), m.playedAt(), m.announcements(),
                        timed ? m.whiteMillis() : null, timed ? m.blackMillis() : null)).toList();
        LiveGame.Offer offer = game.offer();
        OfferView offerView = offer == null ? null : new OfferView(offer.kind(), offer.color(), game.player(offer.color()).id());
        return new GameView(game.id(), game.white(), game.black(), game.ranked(), game.timeControl(),
                game.result(), game.reason(), position.ply(), game.isOver() ? null : position.toMove(), game.version(),
                new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK)),
                game.clocks(now), now, BoardText.rows(position), moves, offerView, game.createdAt(), game.endedAt(), game.endNote(),
                game.annulment() == null ? null
                        : new AnnulledView(game.annulment().at(), game.annulment().by(), game.annulment().reason()),
                game.variant(), game.tournamentId(),
                new PerSide(position.capturedStones(Color.WHITE), position.capturedStones(Color.BLACK)),
                game.lossDeadline());
    }
}
