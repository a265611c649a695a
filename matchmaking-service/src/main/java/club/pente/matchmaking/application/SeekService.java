package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingCategory;
import club.pente.core.contract.SeekMatched;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.ColourRecord;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.PairingPolicy;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.SeekStatus;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.domain.Variants;
import club.pente.matchmaking.ratings.RatingClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Seeks: opens them, and for their player shows one (each look also keeps a waiting seek alive; a seek
 * nobody polls expires) or cancels it. Pairing happens in {@link PairingService}, woken at once.
 */
@ApplicationScoped
public class SeekService {
    /** A seek as its player sees it: the opponent and the game once it was matched (null before, or when the game is unknown). */
    public record SeekState(StoredSeek seek, PlayerRef opponent, StoredGame game) {
    }

    /** A seek someone else may join: who, how, rated how, since when. */
    public record OpenSeek(String id, PlayerRef player, Mode mode, String timeControl, int rating, java.time.Instant createdAt,
                           Variant variant) {
    }

    /** The joiner's side of a joined seek: the game created at once. */
    public record Joined(String seekId, StoredGame game, Color color, PlayerRef opponent, Mode mode, String timeControl,
                         Variant variant) {
    }

    static final int MAX_LISTED = 100;

    private final Transactions transactions;
    private final RatingClient ratings;
    private final AfterCommit afterCommit;
    private final int casualRating;
    private final Quotas quotas;
    private final PairingPolicy policy;

    @Inject
    public SeekService(Transactions transactions, RatingClient ratings, AfterCommit afterCommit, MatchmakingSettings settings, Quotas quotas,
                       PairingPolicy policy) {
        this(transactions, ratings, afterCommit, settings.rating().casual(), quotas, policy);
    }

    public SeekService(Transactions transactions, RatingClient ratings, AfterCommit afterCommit, int casualRating, Quotas quotas) {
        this(transactions, ratings, afterCommit, casualRating, quotas,
                new PairingPolicy(100, 50, java.time.Duration.ofSeconds(5), 1000, new java.security.SecureRandom()));
    }

    public SeekService(Transactions transactions, RatingClient ratings, AfterCommit afterCommit, int casualRating, Quotas quotas,
                       PairingPolicy policy) {
        this.policy = policy;
        this.quotas = quotas;
        this.transactions = transactions;
        this.ratings = ratings;
        this.afterCommit = afterCommit;
        this.casualRating = casualRating;
    }

    /** A Pente seek (the form before variants). */
    public Seek open(Player player, String modeText, String timeControlText) {
        return open(player, modeText, timeControlText, null);
    }

    /**
     * A live seek is one at most per player (409 ALREADY_SEEKING); turn-based seeks are many (up to a quota), as a
     * player may play many turn-based games at once. Ranked seeks carry the rating of their category.
     */
    public Seek open(Player player, String modeText, String timeControlText, String variantText) {
        Mode mode = Mode.parse(modeText);
        String timeControl = TimeControlPresets.check(timeControlText);
        Variant variant = Variants.check(variantText);
        if (mode == Mode.RANKED && !player.hasAccount()) {
            throw ApiException.forbidden("RANKED_NEEDS_ACCOUNT", "ranked games need an account; guests may play casual games");
        }
        boolean turnBased = TimeControlPresets.turnBased(timeControl);
        quotas.seekRequested(player);
        int rating = mode == Mode.RANKED
                ? ratings.ratingOf(player.id(), RatingCategory.of(variant, TimeControlPresets.of(timeControl))) : casualRating;
        Seek seek = new Seek(Contracts.newId(), player.id(), mode, timeControl, rating, Contracts.now(), variant);
        try {
            transactions.run(tx -> {
                SanctionService.requireNotSuspended(tx, player);
                if (turnBased) {
                    quotas.checkTurnBasedSeeks(tx, player);
                } else {
                    String existing = tx.seeks().waitingOf(player.id());
                    if (existing != null) {
                        throw alreadySeeking(existing);
                    }
                }
                tx.seeks().insert(seek, player.name());
                return null;
            });
        } catch (DuplicateKeyException e) {
            // Two live seeks of the same player at once: the partial unique index let one through.
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
            StoredSeek seek = owned(tx.seeks().find(seekId), seekId, player);
            tx.seeks().cancel(seekId, player.id(), Contracts.now());
            seek = tx.seeks().find(seekId);
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
        return new SeekState(seek, game == null ? null : game.opponentOf(player.id()), game);
    }

    /** The waiting seeks anyone may join, oldest first. */
    public java.util.List<OpenSeek> openSeeks() {
        return transactions.run(tx -> tx.seeks().waiting(MAX_LISTED)).stream()
                .map(w -> new OpenSeek(w.seek().id(), new PlayerRef(w.seek().playerId(), w.playerName()), w.seek().mode(),
                        w.seek().timeControl(), w.seek().rating(), w.seek().since(), w.seek().variant()))
                .toList();
    }

    /**
     * Pairs the caller with that waiting seek at once, under its row lock: of two joiners (or a joiner and a
     * pairing round) whoever locks it first pairs it, the other finds it no longer waiting. The same rules as
     * pairing: ranked needs an account, never one's own seek; joining a live seek withdraws the joiner's own waiting
     * live seek in the same transaction (and a joiner whose seek a pairing round matched meanwhile is told so);
     * joining a turn-based seek leaves the joiner's seeks as they are (many turn-based games at once).
     */
    public Joined join(Player joiner, String seekId) {
        quotas.seekRequested(joiner);
        Joined joined = transactions.run(tx -> {
            SanctionService.requireNotSuspended(tx, joiner);
            java.time.Instant now = Contracts.now();
            StoredSeek target = tx.seeks().find(seekId);
            if (target == null) {
                throw ApiException.notFound("UNKNOWN_SEEK", "no seek " + seekId);
            }
            if (target.playerId().equals(joiner.id())) {
                throw ApiException.conflict("OWN_SEEK", "you cannot join your own seek");
            }
            if (target.mode() == Mode.RANKED && !joiner.hasAccount()) {
                throw ApiException.forbidden("RANKED_NEEDS_ACCOUNT", "ranked games need an account; guests may join casual seeks");
            }
            String mine = TimeControlPresets.turnBased(target.timeControl()) ? null : tx.seeks().waitingOf(joiner.id());
            if (mine != null && tx.seeks().cancel(mine, joiner.id(), now) == 0) {
                StoredSeek own = tx.seeks().find(mine);
                throw ApiException.conflict("ALREADY_MATCHED", "your own seek was just matched into game " + own.gameId());
            }
            WaitingSeek waiting = tx.seeks().lockIfWaiting(seekId);
            if (waiting == null) {
                throw ApiException.conflict("SEEK_TAKEN", "seek " + seekId + " is no longer waiting");
            }
            Seek seek = waiting.seek();
            PlayerRef owner = new PlayerRef(seek.playerId(), waiting.playerName());
            PlayerRef me = joiner.ref();
            var colours = tx.games().colours(java.util.List.of(owner.id(), me.id()));
            boolean ownerWhite = policy.firstGetsWhite(colours.getOrDefault(owner.id(), ColourRecord.NONE),
                    colours.getOrDefault(me.id(), ColourRecord.NONE));
            PlayerRef white = ownerWhite ? owner : me;
            PlayerRef black = ownerWhite ? me : owner;
            boolean ranked = seek.mode() == Mode.RANKED;
            String gameId = GameCreation.create(tx, white, black, ranked, seek.timeControl(), seek.variant(), GameOrigin.SEEK, null, null,
                    now);
            if (!tx.seeks().markMatched(seek.id(), gameId, ownerWhite ? Color.WHITE : Color.BLACK, now)) {
                throw new IllegalStateException("a locked seek left WAITING under our lock: " + seek.id());
            }
            var timeControl = TimeControlPresets.of(seek.timeControl());
            Color ownerColour = ownerWhite ? Color.WHITE : Color.BLACK;
            tx.outbox().notify(new SeekMatched(Contracts.SCHEMA_VERSION, Contracts.newId(), owner.id(), seek.id(), gameId, ownerColour,
                    me, ranked, timeControl, now), now);
            tx.outbox().notify(new SeekMatched(Contracts.SCHEMA_VERSION, Contracts.newId(), me.id(), seek.id(), gameId,
                    ownerColour.opponent(), owner, ranked, timeControl, now), now);
            return new Joined(seek.id(), tx.games().find(gameId), ownerColour.opponent(), owner, seek.mode(), seek.timeControl(),
                    seek.variant());
        });
        afterCommit.outboxWritten();
        return joined;
    }

    private static ApiException alreadySeeking(String existing) {
        return ApiException.conflict("ALREADY_SEEKING", "you already have a waiting seek"
                + (existing == null ? "" : " (" + existing + ")") + "; cancel it first");
    }
}
