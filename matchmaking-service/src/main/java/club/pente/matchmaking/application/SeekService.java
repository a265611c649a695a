package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.persistence.SeekStore;
import club.pente.matchmaking.persistence.Transactions;
import club.pente.matchmaking.ratings.RatingClient;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Opens seeks. Pairing happens in {@link PairingService}, woken at once. */
@ApplicationScoped
public class SeekService {
    private final Transactions transactions;
    private final RatingClient ratings;
    private final Signals signals;
    private final int defaultRating;
    private final Quotas quotas;

    public SeekService(Transactions transactions, RatingClient ratings, Signals signals,
                       @ConfigProperty(name = "pente.rating.default", defaultValue = "1500") int defaultRating, Quotas quotas) {
        this.quotas = quotas;
        this.transactions = transactions;
        this.ratings = ratings;
        this.signals = signals;
        this.defaultRating = defaultRating;
    }

    public Seek open(Player player, String modeText, String timeControlText) {
        Mode mode = Mode.parse(modeText);
        String timeControl = TimeControlPresets.check(timeControlText);
        if (mode == Mode.RANKED && !player.hasAccount()) {
            throw ApiException.forbidden("RANKED_NEEDS_ACCOUNT", "ranked games need an account; guests may play casual games");
        }
        quotas.seekRequested(player);
        int rating = mode == Mode.RANKED ? ratings.ratingOf(player.id()) : defaultRating;
        Seek seek = new Seek(Contracts.newId(), player.id(), mode, timeControl, rating, Contracts.now());
        try {
            transactions.run(connection -> {
                String existing = SeekStore.waitingOf(connection, player.id());
                if (existing != null) {
                    throw alreadySeeking(existing);
                }
                SeekStore.insert(connection, seek, player.name());
                return null;
            });
        } catch (Transactions.PersistenceException e) {
            if (Transactions.uniqueViolation(e)) {
                // Two requests of the same player at once: the partial unique index let one through.
                throw alreadySeeking(null);
            }
            throw e;
        }
        signals.pairing().raise();
        return seek;
    }

    private static ApiException alreadySeeking(String existing) {
        return ApiException.conflict("ALREADY_SEEKING", "you already have a waiting seek"
                + (existing == null ? "" : " (" + existing + ")") + "; cancel it first");
    }
}
