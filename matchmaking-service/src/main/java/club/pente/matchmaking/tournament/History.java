package club.pente.matchmaking.tournament;

import club.pente.core.rules.Color;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What earlier rounds say about pairing the next one: who has met whom, each player's colours in order, who has had a
 * bye. Built from the rounds played (pairs and byes), in round order.
 */
public final class History {
    private final Set<String> meetings = new HashSet<>();
    private final Map<String, List<Color>> colours = new HashMap<>();
    private final Set<String> byes = new HashSet<>();

    public static History of(List<RoundPairing> rounds) {
        History history = new History();
        rounds.forEach(history::add);
        return history;
    }

    public void add(RoundPairing round) {
        for (Pair pair : round.games()) {
            meetings.add(Pair.meeting(pair.white(), pair.black()));
            colours.computeIfAbsent(pair.white(), k -> new ArrayList<>()).add(Color.WHITE);
            colours.computeIfAbsent(pair.black(), k -> new ArrayList<>()).add(Color.BLACK);
        }
        if (round.bye() != null) {
            byes.add(round.bye());
        }
    }

    public boolean met(String a, String b) {
        return meetings.contains(Pair.meeting(a, b));
    }

    public boolean hadBye(String player) {
        return byes.contains(player);
    }

    /** Games with White minus games with Black. */
    public int colourBalance(String player) {
        int balance = 0;
        for (Color colour : colours.getOrDefault(player, List.of())) {
            balance += colour == Color.WHITE ? 1 : -1;
        }
        return balance;
    }

    /** The colour of the player's last game, or null before their first. */
    public Color lastColour(String player) {
        List<Color> list = colours.getOrDefault(player, List.of());
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }
}
