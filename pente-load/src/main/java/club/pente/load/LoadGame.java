package club.pente.load;

import club.pente.core.contract.PlayerRef;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** A game the driver plays: real random legal moves, none of which ends the game (the driver resigns it). */
public record LoadGame(String id, PlayerRef white, PlayerRef black, String[] moves) {

    public PlayerRef mover(int ply) {
        return ply % 2 == 1 ? white : black;
    }

    /** {@code count} games of {@code plies} legal moves each, ids {@code <prefix><first>...}. */
    public static List<LoadGame> random(String prefix, int first, int count, int plies, SplittableRandom random) {
        List<LoadGame> list = new ArrayList<>(count);
        while (list.size() < count) {
            Position position = new Position();
            int[] points = RandomGames.play(position, random, plies);
            if (points.length < plies || position.status().isOver()) {
                continue;
            }
            String[] moves = Arrays.stream(points).mapToObj(Notation::format).toArray(String[]::new);
            String id = prefix + (first + list.size());
            list.add(new LoadGame(id, new PlayerRef("w-" + id, "load white"), new PlayerRef("b-" + id, "load black"), moves));
        }
        return list;
    }
}
