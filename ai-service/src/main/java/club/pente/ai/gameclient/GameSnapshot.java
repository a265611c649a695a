package club.pente.ai.gameclient;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;

import java.util.List;

/** The part of the game service's game view the computer needs; other fields are ignored. */
public record GameSnapshot(String id, PlayerRef white, PlayerRef black, String status, int ply, Color toMove,
                           long version, List<Move> moves) {

    public record Move(int ply, String point) {
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
