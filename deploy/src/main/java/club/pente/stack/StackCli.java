package club.pente.stack;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@code deploy/stack up|down|status|createdb}: the command line of the local stack. */
public final class StackCli {

    private static final String USAGE = """
            usage: deploy/stack up [--scale N] [NAME ...]     start (default: everything), one after another
                   deploy/stack down [--scale N] [NAME ...]   stop what up started (default: everything)
                   deploy/stack status [--scale N] [NAME ...] what runs where
                   deploy/stack createdb NAME ...             create PostgreSQL databases if missing
              --scale N (or PENTE_SCALE=N), N = 2..4: a three-node Kafka cluster, N instances of every service
                and HAProxy in front of them (lb); 1 (default) is one broker and one instance of each.
                up records the scale in $PENTE_HOME/run/scale; down and status without --scale use it.
              NAME: infra, kafka (every broker), kafka-2, postgres, keycloak, services (every instance),
                game (every game instance), game-2, rating, matchmaking, ai, gateway, lb, all
            """;

    private StackCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(USAGE);
            return 2;
        }
        try {
            List<String> rest = new ArrayList<>();
            Optional<Integer> scaleOption = Optional.empty();
            for (int i = 1; i < args.length; i++) {
                if (args[i].equals("--scale")) {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("--scale needs a number (2.." + StackConfig.MAX_SCALE + ", or 1)");
                    }
                    scaleOption = Optional.of(parseScale(args[++i]));
                } else if (args[i].startsWith("--scale=")) {
                    scaleOption = Optional.of(parseScale(args[i].substring("--scale=".length())));
                } else {
                    rest.add(args[i]);
                }
            }
            StackConfig config = args[0].equals("up") ? scaleForUp(StackConfig.fromEnv(), scaleOption)
                    : withChosenScale(StackConfig.fromEnv(), scaleOption);
            RunState runState = new RunState(config.runDir());
            Stack stack = new Stack(config, out);
            List<Component> all = Components.all(config);
            switch (args[0]) {
                case "up" -> {
                    Optional<Integer> recorded = runState.recordedScale();
                    if (recorded.isPresent() && recorded.get() != config.scale() && runState.anyRunning()) {
                        throw new StackException("the stack in " + config.home() + " runs at scale " + recorded.get()
                                + "; stop it first (deploy/stack down) to start it at scale " + config.scale());
                    }
                    out.println("pente stack in " + config.home() + (config.scaled() ? " at scale " + config.scale() : ""));
                    long t0 = System.nanoTime();
                    List<Component> selected = Components.select(all, rest);
                    runState.recordScale(config.scale());
                    stack.up(selected);
                    out.printf("stack up in %.1f s; stop it with: ./pente down%n", (System.nanoTime() - t0) / 1e9);
                    String front = config.scaled() ? LoadBalancer.NAME : QuarkusServices.GATEWAY;
                    if (selected.stream().anyMatch(c -> c.name().equals(front))) {
                        out.println("\nPlay at http://localhost:" + QuarkusServices.GATEWAY_SERVICE.port(config) + "/  (open it in a browser)");
                    }
                }
                case "down" -> {
                    stack.down(Components.select(all, rest));
                    if (rest.isEmpty() && !runState.anyRunning()) {
                        runState.forgetScale();
                    }
                }
                case "status" -> {
                    List<Component> selected = Components.select(all, rest);
                    printStatus(out, stack.status(selected), selected);
                }
                case "createdb" -> {
                    for (String db : rest) {
                        boolean created = PostgresDatabases.ensure(config, db);
                        out.println(db + (created ? " created" : " exists") + ": " + config.postgres().withDatabase(db).jdbcUrl());
                    }
                }
                case "help", "-h", "--help" -> out.print(USAGE);
                default -> {
                    err.print(USAGE);
                    return 2;
                }
            }
            return 0;
        } catch (StackException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (Exception e) {
            err.println("error: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    /**
     * For {@code up}: --scale, else PENTE_SCALE, else the recorded scale while the stack still runs something
     * (restarting one part, say game-2), else 1: a scale recorded by a stack that died without down is not reused.
     */
    static StackConfig scaleForUp(StackConfig config, Optional<Integer> option) throws java.io.IOException {
        if (option.isPresent() || !config.env("PENTE_SCALE", "").isEmpty()) {
            return withChosenScale(config, option);
        }
        RunState runs = new RunState(config.runDir());
        Optional<Integer> recorded = runs.recordedScale();
        return config.withScale(recorded.isPresent() && runs.anyRunning() ? recorded.get() : 1);
    }

    /** For down and status: --scale, else PENTE_SCALE, else the scale up recorded, else 1. */
    static StackConfig withChosenScale(StackConfig config, Optional<Integer> option) throws java.io.IOException {
        if (option.isPresent()) {
            return config.withScale(option.get());
        }
        if (!config.env("PENTE_SCALE", "").isEmpty()) {
            return config;
        }
        return config.withScale(new RunState(config.runDir()).recordedScale().orElse(1));
    }

    private static int parseScale(String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--scale needs a number (2.." + StackConfig.MAX_SCALE + ", or 1), was '" + value + "'");
        }
    }

    private static void printStatus(PrintStream out, List<ComponentStatus> statuses, List<Component> components) {
        for (int i = 0; i < statuses.size(); i++) {
            ComponentStatus s = statuses.get(i);
            String pid = s.pid().isPresent() ? "pid " + s.pid().getAsLong() + ", " + s.rssKb() / 1024 + " MB RSS" : "";
            String detail = switch (s.state()) {
                case RUNNING -> "running  " + s.endpoint() + "  (" + pid + ")";
                case STARTING -> "starting " + s.endpoint() + "  (" + pid + ", not answering yet)";
                case FOREIGN -> "port answers, but not started by this stack: " + s.endpoint();
                case EXTERNAL -> "external " + s.endpoint();
                case STOPPED -> "stopped";
            };
            out.printf("%-14s %s%n", s.name(), detail);
            if (s.state() == ComponentStatus.State.RUNNING || s.state() == ComponentStatus.State.STARTING) {
                for (String line : components.get(i).details()) {
                    out.printf("%-14s   %s%n", "", line);
                }
            }
        }
    }
}
