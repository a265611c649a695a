package club.pente.chaos;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ratings applied exactly once per finished ranked game: the rating service's database must hold, for every
 * ranked game of the run that ended on the stream, one finished game marked rated and exactly one rating
 * change for each of its two players; each account's count of rated games must equal its changes, and its
 * changes must chain (each one starts from the rating the previous one ended at: a change applied twice or
 * lost under a race breaks the chain).
 */
final class RatingAudit {
    /** A ranked game of the run as the stream showed it ended. */
    record Ranked(String gameId, String whiteId, String blackId) {
    }

    record Finished(String gameId, boolean rated) {
    }

    record Change(String playerId, String gameId, int gameNo, int before, int after) {
    }

    record Player(String playerId, int games) {
    }

    record Result(int rankedEnded, int rated, int notRated, int doubled, int brokenChains, List<String> problems) {
        boolean clean() {
            return notRated == 0 && doubled == 0 && brokenChains == 0;
        }
    }

    private RatingAudit() {
    }

    static Result audit(Collection<Ranked> ended, Collection<Finished> finished, Collection<Change> changes, Collection<Player> players) {
        List<String> problems = new ArrayList<>();
        Map<String, Finished> finishedById = new HashMap<>();
        finished.forEach(f -> finishedById.put(f.gameId(), f));
        Map<String, List<Change>> changesByGame = new HashMap<>();
        Map<String, List<Change>> changesByPlayer = new HashMap<>();
        for (Change c : changes) {
            changesByGame.computeIfAbsent(c.gameId(), k -> new ArrayList<>()).add(c);
            changesByPlayer.computeIfAbsent(c.playerId(), k -> new ArrayList<>()).add(c);
        }
        int rated = 0;
        int notRated = 0;
        int doubled = 0;
        Set<String> accounts = new HashSet<>();
        for (Ranked r : ended) {
            accounts.add(r.whiteId());
            accounts.add(r.blackId());
            Finished f = finishedById.get(r.gameId());
            List<Change> mine = changesByGame.getOrDefault(r.gameId(), List.of());
            long white = mine.stream().filter(c -> c.playerId().equals(r.whiteId())).count();
            long black = mine.stream().filter(c -> c.playerId().equals(r.blackId())).count();
            if (f == null || !f.rated() || white == 0 || black == 0) {
                notRated++;
                problems.add("ranked game " + r.gameId() + " ended but is " + (f == null ? "not in finished_games"
                        : !f.rated() ? "not marked rated" : "missing a rating change (white " + white + ", black " + black + ")"));
            } else {
                rated++;
            }
            if (white > 1 || black > 1 || mine.size() > 2) {
                doubled++;
                problems.add("ranked game " + r.gameId() + " changed ratings " + mine.size() + " times");
            }
        }
        int broken = 0;
        Map<String, Integer> gamesOf = new HashMap<>();
        players.forEach(p -> gamesOf.put(p.playerId(), p.games()));
        for (String account : accounts) {
            List<Change> list = new ArrayList<>(changesByPlayer.getOrDefault(account, List.of()));
            list.sort(Comparator.comparingInt(Change::gameNo));
            Integer games = gamesOf.get(account);
            if (games == null ? !list.isEmpty() : games != list.size()) {
                doubled++;
                problems.add("account " + account + " counts " + games + " rated games but has " + list.size() + " rating changes");
            }
            for (int i = 0; i < list.size(); i++) {
                Change c = list.get(i);
                boolean numbered = c.gameNo() == i + 1;
                boolean chained = i == 0 || list.get(i - 1).after() == c.before();
                if (!numbered || !chained) {
                    broken++;
                    problems.add("account " + account + ": rating change " + c.gameNo() + " (game " + c.gameId() + ") "
                            + (!numbered ? "is numbered out of sequence" : "starts at " + c.before() + ", the previous ended at "
                            + list.get(i - 1).after()));
                }
            }
        }
        return new Result(ended.size(), rated, notRated, doubled, broken, problems);
    }
}
