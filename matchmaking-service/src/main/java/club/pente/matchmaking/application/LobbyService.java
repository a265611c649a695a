package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.LobbyCounts;
import club.pente.core.contract.PresenceChanged;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Lobby numbers: players online (sum of the latest lobby counts of the gateways still reporting: a stopped gateway's last count expires after 30 s) and players searching (waiting
 * seeks). Published as {@link LobbyCounts} when they differ from the last published, by one instance at a
 * time (advisory lock), through the outbox.
 */
@ApplicationScoped
public class LobbyService {
    public static final String LOBBY_SCOPE = "lobby";

    private final Transactions transactions;
    private final AfterCommit afterCommit;

    public LobbyService(Transactions transactions, AfterCommit afterCommit) {
        this.transactions = transactions;
        this.afterCommit = afterCommit;
    }

    public void presence(PresenceChanged presence) {
        if (!LOBBY_SCOPE.equals(presence.scope()) || presence.gatewayId() == null) {
            return;
        }
        Instant at = presence.occurredAt() == null ? Contracts.now() : presence.occurredAt();
        transactions.run(tx -> {
            tx.lobby().presence(presence.gatewayId(), presence.online(), at);
            return null;
        });
    }

    /** The numbers as they are now. */
    public LobbyRepository.Counts counts() {
        return transactions.run(tx -> tx.lobby().counts());
    }

    public boolean publishIfChanged() {
        boolean published = transactions.run(tx -> {
            if (!tx.lobby().tryLock()) {
                return false;
            }
            LobbyRepository.Counts counts = tx.lobby().counts();
            if (counts.equals(tx.lobby().lastPublished())) {
                return false;
            }
            Instant now = Contracts.now();
            tx.lobby().published(counts, now);
            tx.outbox().notify(new LobbyCounts(Contracts.SCHEMA_VERSION, Contracts.newId(), counts.online(),
                    counts.searching(), now), now);
            return true;
        });
        if (published) {
            afterCommit.outboxWritten();
        }
        return published;
    }
}
