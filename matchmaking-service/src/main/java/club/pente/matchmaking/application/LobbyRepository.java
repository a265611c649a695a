package club.pente.matchmaking.application;

import java.time.Instant;

/** The gateways' lobby counts and the last lobby counts published. */
public interface LobbyRepository {
    record Counts(int online, int searching) {
    }

    /** Keeps a gateway's newest count; an older message arriving late changes nothing. */
    void presence(String gatewayId, int online, Instant occurredAt);

    /** Players online (the sum of the latest counts of the gateways that reported within 30 s) and players searching (players with a waiting seek). */
    Counts counts();

    /** Only one instance at a time decides whether counts changed; true when this transaction holds the lock until it ends. */
    boolean tryLock();

    /** The counts last published, or null. */
    Counts lastPublished();

    void published(Counts counts, Instant now);
}
