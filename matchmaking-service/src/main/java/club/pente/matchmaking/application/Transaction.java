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
}
