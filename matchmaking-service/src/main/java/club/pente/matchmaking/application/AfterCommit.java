package club.pente.matchmaking.application;

/**
 * What the services tell this instance's background loops once a transaction committed, so that they act
 * now rather than on their next tick. The services own this port; {@link SignalsAfterCommit} wakes the loops.
 */
public interface AfterCommit {
    /** Outbox rows were committed: the relay may publish them. */
    void outboxWritten();

    /** A seek was committed: a pairing round may find it a partner. */
    void seekOpened();
}
