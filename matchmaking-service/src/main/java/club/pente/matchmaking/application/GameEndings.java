package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameReady;
import club.pente.core.contract.MatchFinished;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.MatchRules;
import club.pente.matchmaking.domain.MatchStatus;
import club.pente.matchmaking.domain.TimeControlPresets;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * What a finished game means to matchmaking: the game is over (rematches become possible) and, in a
 * match, its points add to the players' totals and the next game (colours swapped) is created, or the
 * match ends. Idempotent: the event id is recorded in the same transaction as the effect.
 */
@ApplicationScoped
public class GameEndings {
    private final Transactions transactions;
    private final AfterCommit afterCommit;

    public GameEndings(Transactions transactions, AfterCommit afterCommit) {
        this.transactions = transactions;
        this.afterCommit = afterCommit;
    }

    /** Returns true when the event changed something here. */
    public boolean handle(GameEnded ended) {
        boolean changed = transactions.run(tx -> {
            Instant now = Contracts.now();
            StoredGame game = tx.games().lock(ended.gameId());
            if (game == null || game.ended() || !tx.games().markProcessed(ended.eventId(), now)) {
                return false;
            }
            PerSide points = ended.points() == null ? PerSide.ZERO : ended.points();
            tx.games().markEnded(game.id(), ended.result() == null ? null : ended.result().name(), points,
                    ended.occurredAt() == null ? now : ended.occurredAt());
            if (game.matchId() != null) {
                advanceMatch(tx, game, points, ended.reason() == EndReason.ABORTED, now);
            }
            return true;
        });
        if (changed) {
            afterCommit.outboxWritten();
        }
        return changed;
    }

    /**
     * The match's next game, or its end. An aborted game (nobody made a first move in time, a player called it
     * off, staff) ends the match with the games played so far: starting the next one at once would let a match
     * whose players left run through all its games as a string of aborted ones.
     */
    private static void advanceMatch(Transaction tx, StoredGame game, PerSide points, boolean aborted, Instant now) {
        StoredMatch match = tx.matches().lock(game.matchId());
        if (match == null || match.status() != MatchStatus.ONGOING || !game.id().equals(match.currentGameId())) {
            return;
        }
        Color colourOfA = game.colourOf(match.a().id());
        int[] total = aborted ? new int[] {match.pointsA(), match.pointsB()}
                : MatchRules.add(match.pointsA(), match.pointsB(), colourOfA, points);
        int played = aborted ? match.gamesPlayed() : match.gamesPlayed() + 1;
        if (aborted || played >= match.gamesTotal()) {
            tx.matches().progress(match.id(), played, total[0], total[1], null, true, now);
            for (PlayerRef player : new PlayerRef[]{match.a(), match.b()}) {
                tx.outbox().notify(new MatchFinished(Contracts.SCHEMA_VERSION, Contracts.newId(), player.id(), match.id(),
                        played, match.a(), match.b(), total[0], total[1], now), now);
            }
            return;
        }
        int number = played + 1;
        Color nextA = MatchRules.colourOfA(match.aFirstColor(), number);
        PlayerRef white = nextA == Color.WHITE ? match.a() : match.b();
        PlayerRef black = nextA == Color.WHITE ? match.b() : match.a();
        String next = GameCreation.create(tx, white, black, match.ranked(), match.timeControl(), match.variant(), GameOrigin.MATCH,
                match.id(), number, now);
        tx.matches().progress(match.id(), played, total[0], total[1], next, false, now);
        var timeControl = TimeControlPresets.of(match.timeControl());
        tx.outbox().notify(new GameReady(Contracts.SCHEMA_VERSION, Contracts.newId(), white.id(), next, Color.WHITE, black,
                match.ranked(), timeControl, GameOrigin.MATCH.name(), match.id(), number, now), now);
        tx.outbox().notify(new GameReady(Contracts.SCHEMA_VERSION, Contracts.newId(), black.id(), next, Color.BLACK, white,
                match.ranked(), timeControl, GameOrigin.MATCH.name(), match.id(), number, now), now);
    }
}
