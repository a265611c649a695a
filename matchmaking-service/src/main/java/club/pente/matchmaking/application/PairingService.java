package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.SeekMatched;
import club.pente.core.rules.Color;
import club.pente.matchmaking.domain.ColourRecord;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.Mode;
import club.pente.matchmaking.domain.Pairing;
import club.pente.matchmaking.domain.PairingPolicy;
import club.pente.matchmaking.domain.Seek;
import club.pente.matchmaking.domain.TimeControlPresets;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One pairing round, in one transaction (seeks pair only within one mode, variant and time control): lock the waiting seeks nobody else holds
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
    private final AfterCommit afterCommit;
    private final Duration seekTtl;
    private final Duration turnBasedSeekTtl;
    private final Counter paired;
    private final Counter expired;

    @Inject
    public PairingService(Transactions transactions, PairingPolicy policy, AfterCommit afterCommit, MeterRegistry registry,
                          MatchmakingSettings settings) {
        this(transactions, policy, afterCommit, registry, settings.seek().ttl(), settings.seek().turnBasedTtl());
    }

    /** For unit tests of live play: turn-based seeks live application.properties' default, seven days. */
    public PairingService(Transactions transactions, PairingPolicy policy, AfterCommit afterCommit, MeterRegistry registry,
                          Duration seekTtl) {
        this(transactions, policy, afterCommit, registry, seekTtl, Duration.ofDays(7));
    }

    public PairingService(Transactions transactions, PairingPolicy policy, AfterCommit afterCommit, MeterRegistry registry,
                          Duration seekTtl, Duration turnBasedSeekTtl) {
        this.turnBasedSeekTtl = turnBasedSeekTtl;
        this.transactions = transactions;
        this.policy = policy;
        this.afterCommit = afterCommit;
        this.seekTtl = seekTtl;
        this.paired = registry.counter("pente.matchmaking.seeks.paired");
        this.expired = registry.counter("pente.matchmaking.seeks.expired");
    }

    /** Pairs what it can; returns the number of games created. */
    public int round() {
        int games = transactions.run(this::round);
        if (games > 0) {
            paired.increment(2.0 * games);
            afterCommit.outboxWritten();
        }
        return games;
    }

    private int round(Transaction tx) {
        Instant now = Contracts.now();
        List<WaitingSeek> waiting = tx.seeks().lockWaiting(BATCH);
        if (waiting.size() < 2) {
            return 0;
        }
        Map<String, String> names = new HashMap<>();
        waiting.forEach(w -> names.put(w.seek().playerId(), w.playerName()));
        Map<String, ColourRecord> colours = tx.games().colours(names.keySet());
        List<Pairing> pairings = policy.pairAll(waiting.stream().map(WaitingSeek::seek).toList(),
                id -> colours.getOrDefault(id, ColourRecord.NONE), now);
        for (Pairing pairing : pairings) {
            Seek white = pairing.white();
            Seek black = pairing.black();
            PlayerRef whitePlayer = new PlayerRef(white.playerId(), names.get(white.playerId()));
            PlayerRef blackPlayer = new PlayerRef(black.playerId(), names.get(black.playerId()));
            boolean ranked = white.mode() == Mode.RANKED;
            String gameId = GameCreation.create(tx, whitePlayer, blackPlayer, ranked, white.timeControl(), white.variant(),
                    GameOrigin.SEEK, null, null, now);
            if (!tx.seeks().markMatched(white.id(), gameId, Color.WHITE, now)
                    || !tx.seeks().markMatched(black.id(), gameId, Color.BLACK, now)) {
                throw new IllegalStateException("a locked seek left WAITING under our lock: " + white.id() + ", " + black.id());
            }
            var timeControl = TimeControlPresets.of(white.timeControl());
            tx.outbox().notify(new SeekMatched(Contracts.SCHEMA_VERSION, Contracts.newId(), whitePlayer.id(), white.id(),
                    gameId, Color.WHITE, blackPlayer, ranked, timeControl, now), now);
            tx.outbox().notify(new SeekMatched(Contracts.SCHEMA_VERSION, Contracts.newId(), blackPlayer.id(), black.id(),
                    gameId, Color.BLACK, whitePlayer, ranked, timeControl, now), now);
        }
        return pairings.size();
    }

    /** Ends seeks whose players stopped polling (they went away). */
    public int expire() {
        int count = transactions.run(tx -> {
            Instant now = Contracts.now();
            return tx.seeks().expire(now.minus(seekTtl), now.minus(turnBasedSeekTtl), now);
        });
        expired.increment(count);
        return count;
    }
}
