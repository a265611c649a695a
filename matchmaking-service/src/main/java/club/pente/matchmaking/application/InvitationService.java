package club.pente.matchmaking.application;

import club.pente.kit.rest.ApiException;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.InvitationAccepted;
import club.pente.core.contract.InvitationDeclined;
import club.pente.core.contract.InvitationReceived;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.ColourChoice;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.Invitation;
import club.pente.matchmaking.domain.InvitationCodes;
import club.pente.matchmaking.domain.MatchRules;
import club.pente.matchmaking.domain.MatchStatus;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.domain.Variants;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Friend invitations: a short code to pass on; whoever accepts it first (guest or account, account for
 * ranked) gets the game, created for both in the transaction that marks the code used (the CreateGame goes
 * into the outbox of that transaction, so the game follows even when the game service is down right then).
 * A code that asks for several games starts a match. An invitation may name an account's username: then
 * only that account may accept or decline it, and it is listed (and notified) in their lobby.
 */
@ApplicationScoped
public class InvitationService {
    /** What the acceptor learns: their game, colour, opponent, and the match when there is one. */
    public record Accepted(String code, String gameId, Color color, PlayerRef opponent, String matchId, StoredGame game) {
    }

    /** The caller's pending invitations: those they sent, those addressed to them. */
    public record Pending(List<StoredInvitation> sent, List<StoredInvitation> received) {
    }

    /** Usernames as Keycloak allows them here: what an invitation may be addressed to. */
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._@-]{1,64}");
    static final int MAX_LISTED = 50;

    private final Transactions transactions;
    private final AfterCommit afterCommit;
    private final Duration ttl;
    private final SecureRandom random = new SecureRandom();
    private final Quotas quotas;

    @Inject
    public InvitationService(Transactions transactions, AfterCommit afterCommit, MatchmakingSettings settings, Quotas quotas) {
        this(transactions, afterCommit, settings.invitation().ttl(), quotas);
    }

    public InvitationService(Transactions transactions, AfterCommit afterCommit, Duration ttl, Quotas quotas) {
        this.quotas = quotas;
        this.transactions = transactions;
        this.afterCommit = afterCommit;
        this.ttl = ttl;
    }

    public StoredInvitation create(Player inviter, String modeText, String timeControlText, String colorText, Integer gamesRequested) {
        return create(inviter, modeText, timeControlText, colorText, gamesRequested, null);
    }

    public StoredInvitation create(Player inviter, String modeText, String timeControlText, String colorText, Integer gamesRequested,
                                   String inviteeText) {
        return create(inviter, modeText, timeControlText, colorText, gamesRequested, inviteeText, null);
    }

    /** {@code variantText}: PENTE, KERYO or GOMOKU (any case, absent is Pente); a match's games are all of it. */
    public StoredInvitation create(Player inviter, String modeText, String timeControlText, String colorText, Integer gamesRequested,
                                   String inviteeText, String variantText) {
        String invitee = checkInvitee(inviter, inviteeText);
        Mode mode = Mode.parse(modeText);
        String timeControl = TimeControlPresets.check(timeControlText);
        Variant variant = Variants.check(variantText);
        ColourChoice color = ColourChoice.parse(colorText);
        int games = MatchRules.checkGames(gamesRequested);
        if (mode == Mode.RANKED && !inviter.hasAccount()) {
            throw ApiException.forbidden("RANKED_NEEDS_ACCOUNT", "ranked games need an account; guests may invite to casual games");
        }
        quotas.invitationRequested(inviter);
        Instant now = Contracts.now();
        for (int attempt = 0; ; attempt++) {
            Invitation invitation = new Invitation(InvitationCodes.generate(random), inviter.id(), mode, Invitation.Status.OPEN,
                    now.plus(ttl), null, invitee);
            StoredInvitation row = new StoredInvitation(invitation, inviter.ref(), timeControl, color, games, null, null, variant);
            try {
                boolean notified = transactions.run(tx -> {
                    SanctionService.requireNotSuspended(tx, inviter);
                    quotas.checkOpenInvitations(tx, inviter, now);
                    tx.invitations().insert(row, now);
                    String inviteeId = invitee == null ? null : tx.invitations().accountIdNamed(invitee);
                    if (inviteeId == null || inviteeId.equals(inviter.id())) {
                        return false;
                    }
                    tx.outbox().notify(new InvitationReceived(Contracts.SCHEMA_VERSION, Contracts.newId(), inviteeId, invitation.code(),
                            inviter.ref(), mode == Mode.RANKED, TimeControlPresets.of(timeControl), games, invitation.expiresAt(), now), now);
                    return true;
                });
                if (notified) {
                    afterCommit.outboxWritten();
                }
                return row;
            } catch (DuplicateKeyException e) {
                if (attempt >= 5) {
                    throw e;
                }
                // A code collision (31^8 codes): draw another.
            }
        }
    }

    /** The invitation behind a code as typed, for anyone to look at. */
    public StoredInvitation find(String typedCode) {
        StoredInvitation row = transactions.run(tx -> tx.invitations().find(InvitationCodes.normalize(typedCode)));
        if (row == null) {
            throw ApiException.notFound("UNKNOWN_INVITATION", "no invitation has the code " + typedCode);
        }
        return row;
    }

    public Accepted accept(Player acceptor, String typedCode) {
        quotas.acceptRequested(acceptor);
        String code = InvitationCodes.normalize(typedCode);
        Accepted accepted = transactions.run(tx -> {
            SanctionService.requireNotSuspended(tx, acceptor);
            Instant now = Contracts.now();
            StoredInvitation row = tx.invitations().lock(code);
            if (row == null) {
                throw ApiException.notFound("UNKNOWN_INVITATION", "no invitation has the code " + typedCode);
            }
            Invitation invitation = row.invitation();
            if (invitation.acceptedBy(acceptor.id())) {
                // Asking again (a retry, a second tab): the same game.
                StoredGame game = tx.games().lock(row.gameId());
                return new Accepted(code, row.gameId(), game.colourOf(acceptor.id()), row.inviter(), row.matchId(), game);
            }
            Invitation.Refusal refusal = invitation.refusal(acceptor.id(), acceptor.name(), acceptor.hasAccount(), now);
            if (refusal != null) {
                throw refused(refusal, typedCode);
            }
            Color inviterColour = row.color().resolve(random);
            PlayerRef inviter = row.inviter();
            PlayerRef friend = acceptor.ref();
            PlayerRef white = inviterColour == Color.WHITE ? inviter : friend;
            PlayerRef black = inviterColour == Color.WHITE ? friend : inviter;
            boolean ranked = invitation.mode() == Mode.RANKED;
            boolean match = row.games() > 1;
            String matchId = match ? Contracts.newId() : null;
            String gameId = GameCreation.create(tx, white, black, ranked, row.timeControl(), row.variant(),
                    match ? GameOrigin.MATCH : GameOrigin.INVITATION, matchId, match ? 1 : null, now);
            if (match) {
                tx.matches().insert(new StoredMatch(matchId, inviter, friend, inviterColour, ranked, row.timeControl(), row.games(),
                        0, 0, 0, MatchStatus.ONGOING, gameId, row.variant()), code, now);
            }
            tx.invitations().accept(code, friend, gameId, matchId, now);
            tx.outbox().notify(new InvitationAccepted(Contracts.SCHEMA_VERSION, Contracts.newId(), inviter.id(), code,
                    gameId, inviterColour, friend, matchId, now), now);
            tx.outbox().notify(new InvitationAccepted(Contracts.SCHEMA_VERSION, Contracts.newId(), friend.id(), code,
                    gameId, inviterColour.opponent(), inviter, matchId, now), now);
            return new Accepted(code, gameId, inviterColour.opponent(), inviter, matchId, tx.games().find(gameId));
        });
        afterCommit.outboxWritten();
        return accepted;
    }

    public void cancel(Player inviter, String typedCode) {
        String code = InvitationCodes.normalize(typedCode);
        transactions.run(tx -> {
            StoredInvitation row = tx.invitations().lock(code);
            if (row == null) {
                throw ApiException.notFound("UNKNOWN_INVITATION", "no invitation has the code " + typedCode);
            }
            if (!row.inviter().id().equals(inviter.id())) {
                throw ApiException.forbidden("NOT_YOUR_INVITATION", "only the inviter can cancel an invitation");
            }
            if (row.invitation().status() == Invitation.Status.ACCEPTED) {
                throw ApiException.conflict("INVITATION_USED", "the invitation was already accepted");
            }
            tx.invitations().cancel(code);
            return null;
        });
    }

    /** The invitee says no: the invitation is DECLINED and the inviter told. */
    public StoredInvitation decline(Player invitee, String typedCode) {
        String code = InvitationCodes.normalize(typedCode);
        StoredInvitation declined = transactions.run(tx -> {
            StoredInvitation row = tx.invitations().lock(code);
            if (row == null) {
                throw ApiException.notFound("UNKNOWN_INVITATION", "no invitation has the code " + typedCode);
            }
            Invitation invitation = row.invitation();
            if (!invitation.isFor(invitee.name(), invitee.hasAccount())) {
                throw ApiException.forbidden("NOT_THE_INVITEE", "only the player an invitation is addressed to can decline it");
            }
            Instant now = Contracts.now();
            Invitation.Refusal refusal = invitation.refusal(invitee.id(), invitee.name(), invitee.hasAccount(), now);
            if (refusal != null) {
                throw refused(refusal, typedCode);
            }
            tx.invitations().decline(code);
            tx.outbox().notify(new InvitationDeclined(Contracts.SCHEMA_VERSION, Contracts.newId(), row.inviter().id(), code,
                    invitee.ref(), now), now);
            return tx.invitations().find(code);
        });
        afterCommit.outboxWritten();
        return declined;
    }

    /** The caller's open invitations (sent) and those addressed to their account (received), newest first. */
    public Pending pending(Player player) {
        return transactions.run(tx -> {
            Instant now = Contracts.now();
            return new Pending(tx.invitations().pendingFrom(player.id(), now, MAX_LISTED),
                    player.hasAccount() ? tx.invitations().pendingFor(player.name(), now, MAX_LISTED) : List.of());
        });
    }

    /** The game an invitation led to (its status), or null before it was accepted. */
    public StoredGame gameOf(StoredInvitation row) {
        return row.gameId() == null ? null : transactions.run(tx -> tx.games().find(row.gameId()));
    }

    /**
     * The error code accepting would answer this caller (null: it may), so a page can say so without trying.
     * An anonymous caller is told what holds for everyone, and that a ranked one needs an account.
     */
    public static String refusalFor(StoredInvitation row, Player caller, Instant now) {
        Invitation invitation = row.invitation();
        if (caller != null && invitation.acceptedBy(caller.id())) {
            return null;
        }
        Invitation.Refusal refusal = caller == null
                ? invitation.refusal("", null, false, now)
                : invitation.refusal(caller.id(), caller.name(), caller.hasAccount(), now);
        if (caller == null && refusal == Invitation.Refusal.NOT_THE_INVITEE) {
            refusal = invitation.mode() == Mode.RANKED ? Invitation.Refusal.RANKED_NEEDS_ACCOUNT : null;
        }
        return refusal == null ? null : refused(refusal, row.invitation().code()).error();
    }

    private static String checkInvitee(Player inviter, String invitee) {
        if (invitee == null || invitee.isEmpty()) {
            return null;
        }
        if (!USERNAME.matcher(invitee).matches()) {
            throw new BadRequestException("BAD_INVITEE", "invitee must be a username: 1 to 64 letters, digits or . _ @ -");
        }
        if (invitee.equalsIgnoreCase(inviter.name())) {
            throw new BadRequestException("SELF_INVITE", "you cannot invite yourself");
        }
        return invitee;
    }

    static ApiException refused(Invitation.Refusal refusal, String code) {
        return switch (refusal) {
            case USED -> ApiException.conflict("INVITATION_USED", "invitation " + code + " was already accepted");
            case CANCELLED -> ApiException.gone("INVITATION_CANCELLED", "invitation " + code + " was cancelled by its sender");
            case DECLINED -> ApiException.gone("INVITATION_DECLINED", "invitation " + code + " was declined");
            case FAILED -> ApiException.conflict("INVITATION_FAILED", "the game of invitation " + code
                    + " could not be created; ask for a new invitation");
            case NOT_THE_INVITEE -> ApiException.forbidden("NOT_THE_INVITEE", "invitation " + code + " is addressed to another player");
            case EXPIRED -> ApiException.gone("INVITATION_EXPIRED", "invitation " + code + " has expired");
            case OWN_INVITATION -> ApiException.conflict("OWN_INVITATION", "you cannot accept your own invitation");
            case RANKED_NEEDS_ACCOUNT -> ApiException.forbidden("RANKED_NEEDS_ACCOUNT",
                    "this invitation is for a ranked game, which needs an account");
        };
    }
}
