package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.ratings.RatingClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Seeks: opens them, and for their player shows one (each look also keeps a waiting seek alive; a seek
 * nobody polls expires) or cancels it. Pairing happens in {@link PairingService}, woken at once.
 */
@ApplicationScoped
public class SeekService {
    /** A seek as its player sees it: the opponent once it was matched (null before, or when the game is unknown). */
    public record SeekState(StoredSeek seek, PlayerRef opponent) {
    }

    private final Transactions transactions;
    private final RatingClient ratings;
    private final AfterCommit afterCommit;
    private final int casualRating;
    private final Quotas quotas;

    @Inject
    public SeekService(Transactions transactions, RatingClient ratings, AfterCommit afterCommit, MatchmakingSettings settings, Quotas quotas) {
        this(transactions, ratings, afterCommit, settings.rating().casual(), quotas);
    }

    public SeekService(Transactions transactions, RatingClient ratings, AfterCommit afterCommit, int casualRating, Quotas quotas) {
        this.quotas = quotas;
        this.transactions = transactions;
        this.ratings = ratings;
        this.afterCommit = afterCommit;
        this.casualRating = casualRating;
    }

    public Seek open(Player player, String modeText, String timeControlText) {
        Mode mode = Mode.parse(modeText);
        String timeControl = TimeControlPresets.check(timeControlText);
        if (mode == Mode.RANKED && !player.hasAccount()) {
            throw ApiException.forbidden("RANKED_NEEDS_ACCOUNT", "ranked games need an account; guests may play casual games");
        }
        quotas.seekRequested(player);
        int rating = mode == Mode.RANKED ? ratings.ratingOf(player.id()) : casualRating;
        Seek seek = new Seek(Contracts.newId(), player.id(), mode, timeControl, rating, Contracts.now());
        try {
            transactions.run(tx -> {
                String existing = tx.seeks().waitingOf(player.id());
                if (existing != null) {
                    throw alreadySeeking(existing);
                }
                tx.seeks().insert(seek, player.name());
                return null;
            });
        } catch (DuplicateKeyException e) {
            // Two requests of the same player at once: the partial unique index let one through.
            throw alreadySeeking(null);
        }
        afterCommit.seekOpened();
        return seek;
    }

    /** The player's seek; a waiting one is kept alive. */
    public SeekState refresh(Player player, String seekId) {
        return transactions.run(tx -> {
            tx.seeks().touch(seekId, player.id(), Contracts.now());
            return stateOf(tx, owned(tx.seeks().find(seekId), seekId, player), player);
        });
    }

    /** Cancels the player's waiting seek; 409 when it was matched first (the pairing's lock is waited for). */
    public SeekState cancel(Player player, String seekId) {
        return transactions.run(tx -> {
            tx.seeks().cancel(seekId, player.id(), Contracts.now());
            StoredSeek seek = owned(tx.seeks().find(seekId), seekId, player);
            if (seek.status() == SeekStatus.MATCHED) {
                throw ApiException.conflict("ALREADY_MATCHED", "seek " + seekId + " was already matched into game " + seek.gameId());
            }
            return stateOf(tx, seek, player);
        });
    }

    private static StoredSeek owned(StoredSeek seek, String seekId, Player player) {
        if (seek == null) {
            throw ApiException.notFound("UNKNOWN_SEEK", "no seek " + seekId);
        }
        if (!seek.playerId().equals(player.id())) {
            throw ApiException.forbidden("NOT_YOUR_SEEK", "seek " + seekId + " belongs to another player");
        }
        return seek;
    }

    private static SeekState stateOf(Transaction tx, StoredSeek seek, Player player) {
        StoredGame game = seek.gameId() == null ? null : tx.games().find(seek.gameId());
        return new SeekState(seek, game == null ? null : game.opponentOf(player.id()));
    }

    private static ApiException alreadySeeking(String existing) {
        return ApiException.conflict("ALREADY_SEEKING", "you already have a waiting seek"
                + (existing == null ? "" : " (" + existing + ")") + "; cancel it first");
    }
}
