package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.identity.RateLimiter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;

/**
 * Per-player limits (the verified token's subject, guests included), far above ordinary play, so that a
 * client in a loop or a script gets 429s with Retry-After instead of filling the database: requests per
 * minute (counted in this instance, before any database work) and what one player may hold open at once
 * (counted in the database, so across instances). Configured under {@code pente.quota.*}; README,
 * "Matchmaking", lists them.
 */
@ApplicationScoped
public class Quotas {
    /** When a player holds too much open, closing one is the way out; a minute is an honest hint. */
    private static final long RETRY_HELD = 60;

    private final RateLimiter seeks;
    private final RateLimiter invitations;
    private final RateLimiter accepts;
    private final RateLimiter computerGames;
    private final int openInvitations;
    private final int liveComputerGames;
    private final int turnBasedSeeks;
    private final int turnBasedComputerGames;

    @Inject
    public Quotas(MatchmakingSettings settings) {
        this(settings.quota().seeks().perMinute(), settings.quota().invitations().perMinute(), settings.quota().invitations().open(),
                settings.quota().accepts().perMinute(), settings.quota().aiGames().perMinute(), settings.quota().aiGames().live(),
                settings.quota().turnBased().seeks(), settings.quota().turnBased().aiGames());
    }

    /** For unit tests of live play: the turn-based limits are application.properties' defaults (30 seeks, 50 computer games). */
    public Quotas(int seeksPerMinute, int invitationsPerMinute, int openInvitations, int acceptsPerMinute,
                  int computerGamesPerMinute, int liveComputerGames) {
        this(seeksPerMinute, invitationsPerMinute, openInvitations, acceptsPerMinute, computerGamesPerMinute, liveComputerGames, 30, 50);
    }

    public Quotas(int seeksPerMinute, int invitationsPerMinute, int openInvitations, int acceptsPerMinute,
                  int computerGamesPerMinute, int liveComputerGames, int turnBasedSeeks, int turnBasedComputerGames) {
        this.turnBasedSeeks = turnBasedSeeks;
        this.turnBasedComputerGames = turnBasedComputerGames;
        this.seeks = new RateLimiter(seeksPerMinute, Duration.ofMinutes(1));
        this.invitations = new RateLimiter(invitationsPerMinute, Duration.ofMinutes(1));
        this.accepts = new RateLimiter(acceptsPerMinute, Duration.ofMinutes(1));
        this.computerGames = new RateLimiter(computerGamesPerMinute, Duration.ofMinutes(1));
        this.openInvitations = openInvitations;
        this.liveComputerGames = liveComputerGames;
    }

    public void seekRequested(Player player) {
        perMinute(seeks, player, "TOO_MANY_SEEKS", "seeks");
    }

    public void invitationRequested(Player player) {
        perMinute(invitations, player, "TOO_MANY_INVITATIONS", "invitations");
    }

    public void acceptRequested(Player player) {
        perMinute(accepts, player, "TOO_MANY_ACCEPTS", "invitation accepts");
    }

    public void computerGameRequested(Player player) {
        perMinute(computerGames, player, "TOO_MANY_COMPUTER_GAMES", "computer games");
    }

    /** In the creating transaction: the inviter's open, unexpired invitations. */
    public void checkOpenInvitations(Transaction tx, Player inviter, Instant now) {
        tx.lockQuotas(inviter.id());
        long open = tx.invitations().openOf(inviter.id(), now);
        if (open >= openInvitations) {
            throw ApiException.tooManyRequests("TOO_MANY_OPEN_INVITATIONS", "you have " + open
                    + " open invitations, the most one player may have; cancel one or let it be accepted first", RETRY_HELD);
        }
    }

    /** In the creating transaction: the player's waiting turn-based seeks (live ones are one at most, a rule of its own). */
    public void checkTurnBasedSeeks(Transaction tx, Player player) {
        tx.lockQuotas(player.id());
        long waiting = tx.seeks().turnBasedWaitingOf(player.id());
        if (waiting >= turnBasedSeeks) {
            throw ApiException.tooManyRequests("TOO_MANY_TURN_BASED_SEEKS", "you have " + waiting
                    + " turn-based seeks waiting, the most one player may have; cancel one or wait for one to be taken", RETRY_HELD);
        }
    }

    /** In the creating transaction: the player's turn-based computer games that have not ended. */
    public void checkTurnBasedComputerGames(Transaction tx, Player player) {
        tx.lockQuotas(player.id());
        long going = tx.games().turnBasedComputerGamesOf(player.id());
        if (going >= turnBasedComputerGames) {
            throw ApiException.tooManyRequests("TOO_MANY_TURN_BASED_COMPUTER_GAMES", "you are playing " + going
                    + " turn-based games against the computer, the most at once; finish or resign one first", RETRY_HELD);
        }
    }

    /** In the creating transaction: the player's live computer games that have not ended (turn-based ones count apart). */
    public void checkLiveComputerGames(Transaction tx, Player player) {
        tx.lockQuotas(player.id());
        long live = tx.games().liveComputerGamesOf(player.id());
        if (live >= liveComputerGames) {
            throw ApiException.tooManyRequests("TOO_MANY_LIVE_COMPUTER_GAMES", "you are playing " + live
                    + " games against the computer, the most at once; finish or resign one first", RETRY_HELD);
        }
    }

    private static void perMinute(RateLimiter limiter, Player player, String error, String what) {
        limiter.tryAcquire(player.id()).ifPresent(wait -> {
            throw ApiException.tooManyRequests(error, "at most " + limiter.limit() + " " + what + " a minute per player; try again later",
                    RateLimiter.retryAfterSeconds(wait));
        });
    }
}
