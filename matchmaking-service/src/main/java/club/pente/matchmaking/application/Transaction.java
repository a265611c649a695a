package club.pente.matchmaking.application;

/**
 * One open transaction and the repositories that work inside it: whatever several of them write commits
 * or rolls back together (a pairing marks two seeks, records the game and fills the outbox at once).
 */
public interface Transaction {
    SeekRepository seeks();

    GameRepository games();

    RematchRepository rematches();

    InvitationRepository invitations();

    MatchRepository matches();

    LobbyRepository lobby();

    OutboxWriter outbox();

    /**
     * The account's suspension in force at {@code now}, or null. First takes the player's sanction lock in shared mode,
     * held to commit: a suspension (which takes it exclusively and withdraws open play) either committed before and is
     * read here, or waits for this transaction and then withdraws what it wrote. One round trip.
     */
    Sanction suspensionInForce(String playerId, java.time.Instant now);

    /**
     * Holds the player's quota lock to commit: a quota that counts what the player has and then inserts one more holds
     * under concurrent requests of that player (they wait for each other; other players' do not).
     */
    void lockQuotas(String playerId);
}
