package club.pente.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a chaos run goes: which faults in which order, how much load, which parts of the stack it starts.
 *
 * @param games          games in play at any time through Kafka (each replaced by a new one when it ends)
 * @param plies          moves per game before it is resigned
 * @param moveInterval   a game's next move leaves this long after its last one was accepted
 * @param rankedEvery    every n-th game is ranked between two of {@code accounts} accounts (0: none)
 * @param watchedGames   games watched by spectator sockets through the load balancer, two sockets each
 * @param seekers        guests seeking through matchmaking at any time
 * @param recovery       how long the run waits, after a fault, for every game to accept moves again
 * @param parts          what {@code up} starts (empty: the whole stack); ChaosIT names kafka, services, lb
 */
record ChaosOptions(int scale, List<Fault> faults, int games, int plies, Duration moveInterval, int rankedEvery, int accounts,
                    int watchedGames, int seekers, Duration recovery, List<String> parts) {

    /** A fault and the part it strikes. */
    enum Fault {
        GAME("game-2"), GATEWAY("gateway-1"), MATCHMAKING("matchmaking-1"), RATING("rating-1"), AI("ai-1"), KAFKA("kafka-2"),
        POSTGRES("postgres");

        final String part;

        Fault(String part) {
            this.part = part;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Fault parse(String name) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown fault '" + name + "'; faults: game, gateway, matchmaking, rating, ai, kafka, postgres");
            }
        }
    }

    static final String USAGE = """
            usage: ./pente chaos [--games N] [--faults game,gateway,matchmaking,rating,ai,kafka,postgres] [--scale N]
                                 [--plies P] [--move-interval-ms M] [--watched G] [--seekers S] [--recovery-seconds R]
                                 [--ranked-every K] [--parts kafka,services,lb]
              Starts the scaled stack (or uses the one ./pente up --scale N left running), plays N games at a time
              through Kafka (every 4th ranked, --ranked-every, 0: none), watches some through the load balancer's sockets, seeks through
              matchmaking, and kills -9 each part of --faults in turn (restarting it); then checks that no accepted
              move, event, rating or seek was lost or doubled. Prints the fault table and writes it to
              pente-chaos/target/chaos-report.txt; exits 1 when a check failed. --parts: start only these parts of the
              stack (stack names), e.g. on a shifted copy that shares another stack's PostgreSQL and Keycloak.
            """;

    static ChaosOptions defaults() {
        return new ChaosOptions(2, List.of(Fault.values()), 60, 24, Duration.ofMillis(1000), 4, 6, 12, 4, Duration.ofSeconds(120),
                List.of());
    }

    static ChaosOptions parse(String[] args, int defaultScale) {
        ChaosOptions o = defaults();
        int scale = defaultScale;
        List<Fault> faults = o.faults();
        int games = o.games();
        int plies = o.plies();
        long interval = o.moveInterval().toMillis();
        int watched = o.watchedGames();
        int seekers = o.seekers();
        long recovery = o.recovery().toSeconds();
        List<String> parts = o.parts();
        int rankedEvery = o.rankedEvery();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                throw new UsageException("");
            }
            if (i + 1 >= args.length) {
                throw new UsageException(a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--games" -> games = positive(a, v, 1, 2000);
                case "--scale" -> scale = positive(a, v, 2, 4);
                case "--plies" -> plies = positive(a, v, 4, 60);
                case "--move-interval-ms" -> interval = positive(a, v, 10, 60_000);
                case "--watched" -> watched = positive(a, v, 0, 30);
                case "--seekers" -> seekers = positive(a, v, 0, 50);
                case "--recovery-seconds" -> recovery = positive(a, v, 10, 600);
                case "--parts" -> parts = List.of(v.split(","));
                case "--ranked-every" -> rankedEvery = positive(a, v, 0, 100);
                case "--faults" -> {
                    List<Fault> list = new ArrayList<>();
                    for (String f : v.split(",")) {
                        if (!f.isBlank()) {
                            list.add(Fault.parse(f));
                        }
                    }
                    faults = List.copyOf(list);
                }
                default -> throw new UsageException("unknown option " + a);
            }
        }
        return new ChaosOptions(scale, faults, games, plies, Duration.ofMillis(interval), rankedEvery, o.accounts(), watched, seekers,
                Duration.ofSeconds(recovery), parts);
    }

    ChaosOptions withParts(List<String> parts) {
        return new ChaosOptions(scale, faults, games, plies, moveInterval, rankedEvery, accounts, watchedGames, seekers, recovery, parts);
    }

    private static int positive(String option, String value, int min, int max) {
        try {
            int n = Integer.parseInt(value);
            if (n < min || n > max) {
                throw new UsageException(option + " must be between " + min + " and " + max + ", was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " must be a number, was '" + value + "'");
        }
    }

    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
