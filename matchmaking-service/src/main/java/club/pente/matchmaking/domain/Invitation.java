package club.pente.matchmaking.domain;

import java.time.Instant;

/**
 * A friend invitation as the acceptance rules see it. {@link #refusal} says why a would-be acceptor
 * cannot take it, or null when they can.
 */
public record Invitation(String code, String inviterId, Mode mode, Status status, Instant expiresAt,
                         String acceptedBy) {
    public enum Status { OPEN, ACCEPTED, CANCELLED }

    public enum Refusal {
        USED, CANCELLED, EXPIRED, OWN_INVITATION, RANKED_NEEDS_ACCOUNT
    }

    public Refusal refusal(String acceptorId, boolean acceptorHasAccount, Instant now) {
        if (status == Status.ACCEPTED) {
            return Refusal.USED;
        }
        if (status == Status.CANCELLED) {
            return Refusal.CANCELLED;
        }
        if (!now.isBefore(expiresAt)) {
            return Refusal.EXPIRED;
        }
        if (inviterId.equals(acceptorId)) {
            return Refusal.OWN_INVITATION;
        }
        if (mode == Mode.RANKED && !acceptorHasAccount) {
            return Refusal.RANKED_NEEDS_ACCOUNT;
        }
        return null;
    }

    /** True when the acceptor asks again for an invitation they already accepted (answered with the same game). */
    public boolean acceptedBy(String playerId) {
        return status == Status.ACCEPTED && playerId.equals(acceptedBy);
    }
}
