package club.pente.bench.load;

import club.pente.core.contract.Topic;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The load driver's command line. Every figure is bounded (games, plies, rate, duration) so that a typo
 * cannot start an endless run, and Kafka must be on 127.0.0.1: the driver never loads anyone else's cluster.
 */
record LoadOptions(
        Mode mode,
        int games,
        int plies,
        double rate,
        double durationSeconds,
        double moveIntervalSeconds,
        Ramp ramp,
        double p99LimitMs,
        String bootstrap,
        String commandsTopic,
        String eventsTopic,
        double stallSeconds,
        Map<String, Long> pids,
        String verifyDb,
        boolean perGame,
        int lingerMs,
        double warmupSeconds) {

    static final int MAX_GAMES = 50_000;
    static final int MAX_PLIES = 150;
    static final double MAX_RATE = 50_000;
    static final double MAX_DURATION_SECONDS = 900;
    static final long MAX_MOVES = 5_000_000;

    enum Mode { CLOSED, OPEN, RAMP }

    /** Rates start, start + step, ... up to max, each offered for stepSeconds. */
    record Ramp(double start, double step, double max, double stepSeconds) {
        List<Double> rates() {
            List<Double> rates = new java.util.ArrayList<>();
            for (double r = start; r <= max + 1e-9; r += step) {
                rates.add(r);
            }
            return rates;
        }
    }

    static final String USAGE = """
            usage: ./pente bench load [closed loop | open loop | ramp] [common options]
              closed loop (default):  --games N (50) --plies P (30)
                  each game has one move in flight: the next move once the last MovePlayed arrives
              open loop:  --rate R --duration S [--games N | --move-interval SEC (2)]
                  R moves/s offered on a fixed schedule, whatever the answers; latency from the intended send time
              ramp:       --ramp START,STEP,MAX,STEP_SECONDS [--p99-ms 50] [--move-interval SEC (2)]
                  open-loop steps of growing rate; prints the highest rate whose p99 stays under the limit
            common: --bootstrap 127.0.0.1:9092 --commands-topic pente.game.commands --events-topic pente.game.events
                    --stall-seconds 60 (no answer at all for that long: stop with an error)
                    --pids name=pid,... (CPU of these processes too; the stack's .pente/run/*.pid are read anyway)
                    --verify-db JDBC_URL (compare the game service's move log with what was confirmed)
                    --per-game (print the audit line of every game, not only the faulty ones)
                    --warmup SECONDS (open loop and ramp: an unmeasured run at the first rate before measuring,
                      so that JIT compilation of the driver and the services is not in the figures; 10, 0 = none)
                    --linger-ms MS (the command producer's batching wait: 0 in the closed loop as always,
                      1 in the open loop and the ramp, as one gateway producer carrying many players)
            """;

    static LoadOptions parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        boolean perGame = false;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--per-game")) {
                perGame = true;
                continue;
            }
            if (name.equals("-h") || name.equals("--help")) {
                throw new UsageException("");
            }
            if (!KNOWN.contains(name)) {
                throw new UsageException("unknown option " + name);
            }
            if (i + 1 >= args.length) {
                throw new UsageException(name + " needs a value");
            }
            values.put(name, args[++i]);
        }
        Mode mode = values.containsKey("--ramp") ? Mode.RAMP : values.containsKey("--rate") ? Mode.OPEN : Mode.CLOSED;
        if (mode == Mode.RAMP && values.containsKey("--rate")) {
            throw new UsageException("--ramp and --rate exclude each other");
        }
        int games = (int) number(values, "--games", 0, 1, MAX_GAMES);
        int plies = (int) number(values, "--plies", 30, 1, MAX_PLIES);
        double rate = number(values, "--rate", 0, 1, MAX_RATE);
        double duration = number(values, "--duration", 30, 1, MAX_DURATION_SECONDS);
        double interval = number(values, "--move-interval", 2, 0.05, 120);
        double p99 = number(values, "--p99-ms", 50, 0.1, 60_000);
        double stall = number(values, "--stall-seconds", 60, 5, 600);
        Ramp ramp = values.containsKey("--ramp") ? ramp(values.get("--ramp")) : null;
        int linger = (int) number(values, "--linger-ms", mode == Mode.CLOSED ? 0 : 1, 0, 100);
        double warmup = mode == Mode.CLOSED ? 0 : number(values, "--warmup", 10, 0, 120);
        if (mode == Mode.CLOSED) {
            games = games == 0 ? 50 : games;
            if ((long) games * plies > MAX_MOVES) {
                throw new UsageException("at most " + MAX_MOVES + " moves per run");
            }
        }
        if (mode == Mode.OPEN && rate * duration > MAX_MOVES) {
            throw new UsageException("at most " + MAX_MOVES + " moves per run (--rate x --duration)");
        }
        if (mode == Mode.RAMP) {
            double total = ramp.rates().stream().mapToDouble(r -> r * ramp.stepSeconds()).sum();
            if (total > MAX_MOVES) {
                throw new UsageException("at most " + MAX_MOVES + " moves per run (the ramp's steps together)");
            }
        }
        String bootstrap = values.getOrDefault("--bootstrap", System.getenv().getOrDefault("PENTE_KAFKA_BOOTSTRAP", "127.0.0.1:9092"));
        requireLoopback(bootstrap);
        return new LoadOptions(mode, games, plies, rate, duration, interval, ramp, p99, bootstrap,
                topic(values, "--commands-topic", Topic.GAME_COMMANDS.defaultName()), topic(values, "--events-topic", Topic.GAME_EVENTS.defaultName()),
                stall, pids(values.get("--pids")), values.get("--verify-db"), perGame, linger, warmup);
    }

    private static final List<String> KNOWN = List.of("--games", "--plies", "--rate", "--duration", "--move-interval", "--ramp",
            "--p99-ms", "--linger-ms", "--warmup", "--bootstrap", "--commands-topic", "--events-topic", "--stall-seconds", "--pids", "--verify-db");

    /** Only 127.0.0.1: a load run against a shared or remote cluster is never what was meant. */
    static void requireLoopback(String bootstrap) {
        for (String address : bootstrap.split(",")) {
            String a = address.trim();
            int colon = a.lastIndexOf(':');
            String host = colon < 0 ? a : a.substring(0, colon);
            String port = colon < 0 ? "" : a.substring(colon + 1);
            if (!host.equals("127.0.0.1") || !port.matches("[0-9]{1,5}")) {
                throw new UsageException("the load driver only talks to Kafka on 127.0.0.1:PORT, not '" + a + "'");
            }
        }
    }

    private static String topic(Map<String, String> values, String name, String fallback) {
        String topic = values.getOrDefault(name, fallback);
        if (!topic.matches("[A-Za-z0-9._-]{1,200}")) {
            throw new UsageException(name + " is not a topic name: " + topic);
        }
        return topic;
    }

    private static Ramp ramp(String value) {
        String[] parts = value.split(",");
        if (parts.length != 4) {
            throw new UsageException("--ramp START,STEP,MAX,STEP_SECONDS, e.g. --ramp 250,250,5000,10");
        }
        double[] v = new double[4];
        for (int i = 0; i < 4; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--ramp: not a number: " + parts[i]);
            }
        }
        if (v[0] < 1 || v[1] < 1 || v[2] < v[0] || v[2] > MAX_RATE || v[3] < 2 || v[3] > 300) {
            throw new UsageException("--ramp: 1 <= START <= MAX <= " + (int) MAX_RATE + ", STEP >= 1, 2 <= STEP_SECONDS <= 300");
        }
        Ramp ramp = new Ramp(v[0], v[1], v[2], v[3]);
        if (ramp.rates().size() > 100) {
            throw new UsageException("--ramp: at most 100 steps");
        }
        return ramp;
    }

    private static Map<String, Long> pids(String value) {
        Map<String, Long> pids = new LinkedHashMap<>();
        if (value == null || value.isBlank()) {
            return pids;
        }
        for (String pair : value.split(",")) {
            String[] kv = pair.split("=", 2);
            if (kv.length != 2 || !kv[0].trim().matches("[A-Za-z0-9_.-]{1,32}") || !kv[1].trim().matches("[0-9]{1,9}")) {
                throw new UsageException("--pids name=pid,...: bad entry '" + pair + "'");
            }
            pids.put(kv[0].trim(), Long.parseLong(kv[1].trim()));
        }
        return pids;
    }

    private static double number(Map<String, String> values, String name, double fallback, double min, double max) {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        double v;
        try {
            v = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + ": not a number: " + value);
        }
        if (!(v >= min && v <= max)) {
            throw new UsageException(name + " must be between " + fmt(min) + " and " + fmt(max));
        }
        return v;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
