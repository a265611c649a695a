package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;

import java.time.Instant;

/** Friend invitations, for the transactions that create, accept, cancel and show them. */
public interface InvitationRepository {
    /** A new open invitation. */
    void insert(StoredInvitation invitation, Instant now);

    /** The invitation locked for this transaction, or null for an unknown code. */
    StoredInvitation lock(String code);

    /** The invitation, or null for an unknown code. */
    StoredInvitation find(String code);

    void accept(String code, PlayerRef by, String gameId, String matchId, Instant now);

    /** Cancels the invitation if it is still open; returns how many were. */
    int cancel(String code);

    /** The inviter's open invitations that have not expired by {@code now}. */
    long openOf(String inviterId, Instant now);
}
