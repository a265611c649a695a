package club.pente.ai.application;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The computer players' settings ({@code pente.ai.*}; see application.properties for each one's variable). */
@ConfigMapping(prefix = "pente.ai")
public interface AiSettings {

    /** Worker threads thinking for computer players; 0: one per core. */
    @WithDefault("0")
    int threads();

    Analysis analysis();

    Review review();

    Hints hints();

    /** {@code POST /api/ai/review}: on the analysis pool, each ply searched for min(level's time, max-total / positions). */
    interface Review {
        /** The longest a whole review may search; past it (and max-think more) it is stopped with a 503. */
        @WithDefault("20s")
        Duration maxTotal();
    }

    /** {@code POST /api/ai/hints/{gameId}}: the game service counts them (pente.game.hints-per-game); searched on the analysis pool. */
    interface Hints {
        /** The level that gives hints, thinking its own time capped at the analysis max-think. */
        @WithDefault("8")
        int level();
    }

    /** {@code POST /api/ai/analysis}: its own pool, bounded per caller and in all. */
    interface Analysis {
        @WithDefault("1")
        int threads();

        /** Analyses waiting for a thread before the next is refused with a 503. */
        @WithDefault("4")
        int queue();

        @WithDefault("2s")
        Duration maxThink();

        /**
         * The longest a task may wait in the queue: one that waited longer is dropped before it starts (503, quota
         * given back). Wait + the longest run (review max-total + max-think) stays below the gateway's
         * pente.route.timeout (30 s), so nothing runs for a caller the gateway has already answered.
         */
        @WithDefault("6s")
        Duration maxQueueWait();

        @WithDefault("16")
        int tableBits();

        PerCaller perCaller();

        /** Callers whose quotas are remembered at once. */
        @WithDefault("10000")
        int maxCallers();
    }

    interface PerCaller {
        @WithDefault("1")
        int concurrent();

        @WithDefault("20")
        int perMinute();
    }
}
