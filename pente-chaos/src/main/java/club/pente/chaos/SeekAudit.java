package club.pente.chaos;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * No seek paired twice: what the seeking clients were told (each seek's game, on every look) and what
 * matchmaking's database holds (its seeks and the games it created) must agree that each seek went into at
 * most one game, and each game paired exactly two seeks of two players. Every seek of the run is made by a
 * guest of its own, so a guest in two games is a seek paired twice.
 */
final class SeekAudit {
    /** A client's seek: the distinct game ids its looks reported (empty while it waited or when it expired). */
    record Observed(String seekId, String playerId, Set<String> gamesSeen) {
    }

    record SeekRow(String id, String playerId, String status, String gameId) {
    }

    record GameRow(String id, String origin, String whiteId, String blackId) {
    }

    record Result(int seeks, int matched, int games, int pairedTwice, int inconsistent, List<String> problems) {
        boolean clean() {
            return pairedTwice == 0 && inconsistent == 0;
        }
    }

    private SeekAudit() {
    }

    static Result audit(Collection<Observed> observed, Collection<SeekRow> seeks, Collection<GameRow> games) {
        List<String> problems = new java.util.ArrayList<>();
        int pairedTwice = 0;
        int inconsistent = 0;
        Set<String> players = new HashSet<>();
        for (Observed o : observed) {
            players.add(o.playerId());
            if (o.gamesSeen().size() > 1) {
                pairedTwice++;
                problems.add("seek " + o.seekId() + " was reported in games " + o.gamesSeen());
            }
        }
        Map<String, Integer> seeksPerGame = new HashMap<>();
        Map<String, SeekRow> byId = new HashMap<>();
        int matched = 0;
        for (SeekRow s : seeks) {
            byId.put(s.id(), s);
            if ("MATCHED".equals(s.status())) {
                matched++;
                if (s.gameId() == null) {
                    inconsistent++;
                    problems.add("seek " + s.id() + " is MATCHED without a game");
                    continue;
                }
                seeksPerGame.merge(s.gameId(), 1, Integer::sum);
            } else if (s.gameId() != null) {
                inconsistent++;
                problems.add("seek " + s.id() + " is " + s.status() + " but names game " + s.gameId());
            }
        }
        for (Map.Entry<String, Integer> e : seeksPerGame.entrySet()) {
            if (e.getValue() > 2) {
                pairedTwice++;
                problems.add("game " + e.getKey() + " was made of " + e.getValue() + " seeks");
            }
        }
        Map<String, Integer> gamesPerPlayer = new HashMap<>();
        int ours = 0;
        for (GameRow g : games) {
            boolean white = players.contains(g.whiteId());
            boolean black = players.contains(g.blackId());
            if (!white && !black) {
                continue;
            }
            ours++;
            if (white) {
                gamesPerPlayer.merge(g.whiteId(), 1, Integer::sum);
            }
            if (black) {
                gamesPerPlayer.merge(g.blackId(), 1, Integer::sum);
            }
            if (!"SEEK".equals(g.origin())) {
                inconsistent++;
                problems.add("game " + g.id() + " of a seeking guest has origin " + g.origin());
            }
            if (seeksPerGame.getOrDefault(g.id(), 0) != 2) {
                inconsistent++;
                problems.add("game " + g.id() + " is named by " + seeksPerGame.getOrDefault(g.id(), 0) + " matched seeks, not 2");
            }
        }
        for (Map.Entry<String, Integer> e : gamesPerPlayer.entrySet()) {
            if (e.getValue() > 1) {
                pairedTwice++;
                problems.add("guest " + e.getKey() + " (one seek) is in " + e.getValue() + " games");
            }
        }
        for (Observed o : observed) {
            SeekRow row = byId.get(o.seekId());
            if (row == null) {
                inconsistent++;
                problems.add("seek " + o.seekId() + " that the client opened is not in the database");
            } else if (o.gamesSeen().size() == 1 && !o.gamesSeen().contains(row.gameId())) {
                pairedTwice++;
                problems.add("seek " + o.seekId() + " was reported in game " + o.gamesSeen() + " but is stored with " + row.gameId());
            }
        }
        return new Result(observed.size(), matched, ours, pairedTwice, inconsistent, problems);
    }
}
