package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.SeekMatched;
import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.ColourRecord;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Pairing;
import club.pente.matchmaking.domain.PairingPolicy;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.persistence.GameStore;
import club.pente.matchmaking.persistence.Outbox;
import club.pente.matchmaking.persistence.SeekStore;
import club.pente.matchmaking.persistence.Transactions;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One pairing round, in one transaction: lock the waiting seeks nobody else holds
 * ({@code for update skip locked}), let the {@link PairingPolicy} pair them, mark both seeks of each pair
 * matched, and write the {@code CreateGame} command and both players' {@code SeekMatched} to the outbox.
 * A seek is locked by at most one transaction at a time and leaves WAITING only under that lock, so no
 * instance can put it into a second game; a seek skipped here (another instance holds it) is paired there
 * or in a later round.
 */
@ApplicationScoped
public class PairingService {
    private static final int BATCH = 2000;

    private final Transactions transactions;
    private final PairingPolicy policy;
    private final Signals signals;
    private final Duration seekTtl;
    private final Counter paired;
    private final Counter expired;

    public PairingService(Transactions transactions, PairingPolicy policy, Signals signals, MeterRegistry registry,
                          @ConfigProperty(name = "pente.seek.ttl", defaultValue = "60s") Duration seekTtl) {
        this.transactions = transactions;
        this.policy = policy;
        this.signals = signals;
        this.seekTtl = seekTtl;
        this.paired = registry.counter("pente.matchmaking.seeks.paired");
        this.expired = registry.counter("pente.matchmaking.seeks.expired");
    }

    /** Pairs what it can; returns the number of games created. */
    public int round() {
        int games = transactions.run(this::round);
        if (games > 0) {
            paired.increment(2.0 * games);
            signals.outbox().wake();
        }
        return games;
    }

    private int round(Connection connection) throws SQLException {
        Instant now = Contracts.now();
        List<SeekStore.Waiting> waiting = SeekStore.lockWaiting(connection, BATCH);
        if (waiting.size() < 2) {
            return 0;
        }
        Map<String, String> names = new HashMap<>();
        waiting.forEach(w -> names.put(w.seek().playerId(), w.playerName()));
        Map<String, ColourRecord> colours = GameStore.colours(connection, names.keySet());
        List<Pairing> pairings = policy.pairAll(waiting.stream().map(SeekStore.Waiting::seek).toList(),
                id -> colours.getOrDefault(id, ColourRecord.NONE), now);
        for (Pairing pairing : pairings) {
            Seek white = pairing.white();
            Seek black = pairing.black();
            PlayerRef whitePlayer = new PlayerRef(white.playerId(), names.get(white.playerId()));
            PlayerRef blackPlayer = new PlayerRef(black.playerId(), names.get(black.playerId()));
            boolean ranked = white.mode() == Mode.RANKED;
            String gameId = GameCreation.create(connection, whitePlayer, blackPlayer, ranked, white.timeControl(), "SEEK",
                    null, null, now);
            if (SeekStore.markMatched(connection, white.id(), gameId, Color.WHITE, now) != 1
                    || SeekStore.markMatched(connection, black.id(), gameId, Color.BLACK, now) != 1) {
                throw new IllegalStateException("a locked seek left WAITING under our lock: " + white.id() + ", " + black.id());
            }
            var timeControl = TimeControlPresets.of(white.timeControl());
            Outbox.notify(connection, new SeekMatched(Contracts.SCHEMA_VERSION, Contracts.newId(), whitePlayer.id(), white.id(),
                    gameId, Color.WHITE, blackPlayer, ranked, timeControl, now), now);
            Outbox.notify(connection, new SeekMatched(Contracts.SCHEMA_VERSION, Contracts.newId(), blackPlayer.id(), black.id(),
                    gameId, Color.BLACK, whitePlayer, ranked, timeControl, now), now);
        }
        return pairings.size();
    }

    /** Ends seeks whose players stopped polling (they went away). */
    public int expire() {
        int count = transactions.run(connection -> {
            Instant now = Contracts.now();
            return SeekStore.expire(connection, now.minus(seekTtl), now);
        });
        expired.increment(count);
        return count;
    }
}
