package club.pente.ai.gameclient;

import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;

import java.util.List;

/**
 * The part of the game service's game view the computer needs; other fields are ignored. {@code offer} is
 * the pending draw offer or takeback request, null when there is none.
 */
public record GameSnapshot(String id, PlayerRef white, PlayerRef black, String status, int ply, Color toMove,
                           long version, List<Move> moves, boolean ranked, Offer offer) {

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
