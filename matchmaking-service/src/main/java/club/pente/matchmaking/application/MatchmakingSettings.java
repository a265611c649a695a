package club.pente.matchmaking.application;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.time.Duration;

/** Matchmaking's own settings under {@code pente.*} (application.properties has them all, with the env overrides). */
@ConfigMapping(prefix = "pente")
public interface MatchmakingSettings {
    Pairing pairing();

    Seek seek();

    Invitation invitation();

    Lobby lobby();

    Rating rating();

    Quota quota();

    /** The rating window (initial + widen-by per widen-every waited, up to max) and the pairing loop's tick. */
    interface Pairing {
        @WithDefault("100")
        int initialWindow();

        @WithDefault("50")
        int widenBy();

        @WithDefault("5s")
        Duration widenEvery();

        @WithDefault("1000")
        int maxWindow();

        @WithDefault("250")
        long tickMillis();
    }

    interface Seek {
        /** A seek nobody polled or kept alive for this long has gone away. */
        @WithDefault("60s")
        Duration ttl();

        /** The same for a turn-based seek: its player need not stay in the lobby, it waits this long. */
        @WithDefault("P7D")
        Duration turnBasedTtl();
    }

    interface Invitation {
        @WithDefault("24h")
        Duration ttl();

        /** Where the web client opens an invitation; the code is appended. */
        String linkBase();
    }

    interface Lobby {
        @WithDefault("1000")
        long publishMillis();
    }

    interface Rating {
        /** The rating of a casual seek (ranked seeks ask the rating service). */
        @WithName("default")
        @WithDefault("1500")
        int casual();
    }

    /** Per-player quotas; see {@link Quotas}. */
    interface Quota {
        PerMinute seeks();

        Invitations invitations();

        PerMinute accepts();

        @WithName("ai-games")
        ComputerGames aiGames();

        /** Turn-based play: many at once, but not without end. */
        TurnBased turnBased();

        interface TurnBased {
            /** Waiting turn-based seeks one player may hold. */
            @WithDefault("30")
            int seeks();

            /** Turn-based games against the computer one player may have going at once. */
            @WithName("ai-games")
            @WithDefault("50")
            int aiGames();
        }

        interface PerMinute {
            int perMinute();
        }

        interface Invitations {
            int perMinute();

            /** Open, unexpired invitations one inviter may hold. */
            int open();
        }

        interface ComputerGames {
            int perMinute();

            /** Computer games one player may have going at once. */
            int live();
        }
    }
}
