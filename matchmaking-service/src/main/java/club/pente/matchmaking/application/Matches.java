package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** Matches as anyone may look at them: the players, the running score and the games so far. */
@ApplicationScoped
public class Matches {
    public record MatchState(StoredMatch match, List<MatchGame> games) {
    }

    private final Transactions transactions;

    public Matches(Transactions transactions) {
        this.transactions = transactions;
    }

    public MatchState find(String matchId) {
        MatchState state = transactions.run(tx -> {
            StoredMatch match = tx.matches().find(matchId);
            return match == null ? null : new MatchState(match, tx.games().ofMatch(matchId));
        });
        if (state == null) {
            throw ApiException.notFound("UNKNOWN_MATCH", "no match " + matchId);
        }
        return state;
    }
}
