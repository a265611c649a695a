package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.LobbyCounts;
import club.pente.core.contract.PresenceChanged;
import club.pente.matchmaking.persistence.LobbyStore;
import club.pente.matchmaking.persistence.Outbox;
import club.pente.matchmaking.persistence.Transactions;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Lobby numbers: players online (sum of the gateways' latest lobby counts) and players searching (waiting
 * seeks). Published as {@link LobbyCounts} when they differ from the last published, by one instance at a
 * time (advisory lock), through the outbox.
 */
@ApplicationScoped
public class LobbyService {
    public static final String LOBBY_SCOPE = "lobby";

    private final Transactions transactions;
    private final Signals signals;

    public LobbyService(Transactions transactions, Signals signals) {
        this.transactions = transactions;
        this.signals = signals;
    }

    public void presence(PresenceChanged presence) {
        if (!LOBBY_SCOPE.equals(presence.scope()) || presence.gatewayId() == null) {
            return;
        }
        Instant at = presence.occurredAt() == null ? Contracts.now() : presence.occurredAt();
        transactions.run(connection -> {
            LobbyStore.presence(connection, presence.gatewayId(), presence.online(), at);
            return null;
        });
    }

    public boolean publishIfChanged() {
        boolean published = transactions.run(connection -> {
            if (!LobbyStore.tryLock(connection)) {
                return false;
            }
            LobbyStore.Counts counts = LobbyStore.counts(connection);
            if (counts.equals(LobbyStore.lastPublished(connection))) {
                return false;
            }
            Instant now = Contracts.now();
            LobbyStore.published(connection, counts, now);
            Outbox.notify(connection, new LobbyCounts(Contracts.SCHEMA_VERSION, Contracts.newId(), counts.online(),
                    counts.searching(), now), now);
            return true;
        });
        if (published) {
            signals.outbox().wake();
        }
        return published;
    }
}
