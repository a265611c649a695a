package club.pente.ai.gameclient;

import club.pente.core.contract.Clocks;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The part of the game service's game view the computer needs; other fields are ignored. {@code offer} is
 * the pending draw offer or takeback request, null when there is none. {@code timeControl}, {@code clocks}
 * and {@code asOf} are the game's clocks as of {@code asOf} (the mover's running); null when the view
 * has none (older game services). {@code variant} is the game's rules, as the enum name ({@code "KERYO"}); a view
 * without it (older game services) is Pente.
 */
public record GameSnapshot(String id, PlayerRef white, PlayerRef black, String status, int ply, Color toMove,
                           long version, List<Move> moves, boolean ranked, Offer offer, TimeControl timeControl,
                           Clocks clocks, Instant asOf, Variant variant) {

    public GameSnapshot {
        variant = Variant.orDefault(variant);
    }

    /** A Pente view (before variants). */
    public GameSnapshot(String id, PlayerRef white, PlayerRef black, String status, int ply, Color toMove,
                        long version, List<Move> moves, boolean ranked, Offer offer, TimeControl timeControl,
                        Clocks clocks, Instant asOf) {
        this(id, white, black, status, ply, toMove, version, moves, ranked, offer, timeControl, clocks, asOf, Variant.PENTE);
    }

    /** A view without clocks (untimed). */
    public GameSnapshot(String id, PlayerRef white, PlayerRef black, String status, int ply, Color toMove,
                        long version, List<Move> moves, boolean ranked, Offer offer) {
        this(id, white, black, status, ply, toMove, version, moves, ranked, offer, null, null, null);
    }

    /**
     * The mover's clock in a live timed game, or null for an untimed one, a turn-based one (days per move: the
     * computer thinks its level's own time, not days) or one already over.
     */
    public MoverClock moverClock(Instant now) {
        if (!ongoing() || toMove == null || timeControl == null || timeControl.untimed() || timeControl.turnBased()
                || clocks == null) {
            return null;
        }
        long left = toMove == Color.WHITE ? clocks.whiteMillis() : clocks.blackMillis();
        // The clock kept running since the view was taken (never credit time back for a clock skew).
        long since = asOf == null ? 0 : Math.max(0, Duration.between(asOf, now).toMillis());
        return new MoverClock(left - since, timeControl.incrementSeconds() * 1000L, ply / 2);
    }

    /** The time the mover has left, its increment and how many moves it has played. */
    public record MoverClock(long remainingMillis, long incrementMillis, int movesPlayed) {
    }

    public record Move(int ply, String point) {
    }

    /** A pending offer: {@code color}'s player offers a draw or asks for a takeback. */
    public record Offer(OfferKind kind, Color color, String playerId) {
    }

    /** The player a pending offer waits for, or null when there is none (or the game is over). */
    public PlayerRef offerAnswerer() {
        if (!ongoing() || offer == null || offer.color() == null) {
            return null;
        }
        return offer.color() == Color.WHITE ? black : white;
    }

    public record Summary(String id, PlayerRef white, PlayerRef black, String status, int ply) {
    }

    public boolean ongoing() {
        return "ONGOING".equals(status);
    }

    /** The player to move, or null when the game is over. */
    public PlayerRef playerToMove() {
        if (!ongoing() || toMove == null) {
            return null;
        }
        return toMove == Color.WHITE ? white : black;
    }

    public List<String> points() {
        return moves.stream().map(Move::point).toList();
    }
}
