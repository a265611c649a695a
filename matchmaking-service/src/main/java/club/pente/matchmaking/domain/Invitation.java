package club.pente.matchmaking.domain;

import java.time.Instant;

/**
 * A friend invitation as the acceptance rules see it. {@code invitee} is the username of the account it
 * is addressed to, or null for a link anyone may take. {@link #refusal} says why a would-be acceptor
 * cannot take it, or null when they can.
 */
public record Invitation(String code, String inviterId, Mode mode, Status status, Instant expiresAt,
                         String acceptedBy, String invitee) {
    /** FAILED: accepted, but the game service refused its game; DECLINED: the invitee said no. */
    public enum Status { OPEN, ACCEPTED, CANCELLED, DECLINED, FAILED }

    public enum Refusal {
        USED, CANCELLED, DECLINED, FAILED, EXPIRED, OWN_INVITATION, NOT_THE_INVITEE, RANKED_NEEDS_ACCOUNT
    }

    public Invitation(String code, String inviterId, Mode mode, Status status, Instant expiresAt, String acceptedBy) {
        this(code, inviterId, mode, status, expiresAt, acceptedBy, null);
    }

    /** The first rule the acceptor breaks: status, expiry, own invitation, someone else's, ranked without an account. */
    public Refusal refusal(String acceptorId, String acceptorName, boolean acceptorHasAccount, Instant now) {
        switch (status) {
            case ACCEPTED:
                return Refusal.USED;
            case CANCELLED:
                return Refusal.CANCELLED;
            case DECLINED:
                return Refusal.DECLINED;
            case FAILED:
                return Refusal.FAILED;
            default:
                break;
        }
        if (!now.isBefore(expiresAt)) {
            return Refusal.EXPIRED;
        }
        if (inviterId.equals(acceptorId)) {
            return Refusal.OWN_INVITATION;
        }
        if (invitee != null && !isFor(acceptorName, acceptorHasAccount)) {
            return Refusal.NOT_THE_INVITEE;
        }
        if (mode == Mode.RANKED && !acceptorHasAccount) {
            return Refusal.RANKED_NEEDS_ACCOUNT;
        }
        return null;
    }

    /** Addressed to this account (usernames compare without case, as Keycloak keeps them). */
    public boolean isFor(String username, boolean hasAccount) {
        return invitee != null && hasAccount && username != null && invitee.equalsIgnoreCase(username);
    }

    /** True when the acceptor asks again for an invitation they already accepted (answered with the same game). */
    public boolean acceptedBy(String playerId) {
        return status == Status.ACCEPTED && playerId.equals(acceptedBy);
    }
}
