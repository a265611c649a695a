package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;

import java.time.Instant;
import java.util.List;

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

    /** The invitee declines the invitation if it is still open; returns how many were. */
    int decline(String code);

    /** The invitation whose game the game service refused is FAILED; returns its code, or null when no invitation led to the game. */
    String failByGame(String gameId);

    /** The inviter's open invitations not expired by {@code now}, newest first. */
    List<StoredInvitation> pendingFrom(String inviterId, Instant now, int limit);

    /** The open invitations addressed to this username (any case) not expired by {@code now}, newest first. */
    List<StoredInvitation> pendingFor(String username, Instant now, int limit);

    /** The id of the account matchmaking last saw under this username (games, seeks, invitations), or null. */
    String accountIdNamed(String username);

    /** The inviter's open invitations that have not expired by {@code now}. */
    long openOf(String inviterId, Instant now);
}
