package club.pente.stack;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** {@code deploy/stack up|down|status|createdb}: the command line of the local stack. */
public final class StackCli {

    private static final String USAGE = """
            usage: deploy/stack up [infra|kafka|postgres|keycloak ...]   start (default: everything), one after another
                   deploy/stack down [component ...]                   stop what up started (default: everything)
                   deploy/stack status                                 what runs where
                   deploy/stack createdb NAME ...                      create PostgreSQL databases if missing
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
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        try {
            StackConfig config = StackConfig.fromEnv();
            Stack stack = new Stack(config, out);
            List<Component> all = Components.all(config);
            switch (args[0]) {
                case "up" -> {
                    out.println("pente stack in " + config.home());
                    long t0 = System.nanoTime();
                    List<Component> selected = Components.select(all, rest);
                    stack.up(selected);
                    out.printf("stack up in %.1f s; stop it with: ./pente down%n", (System.nanoTime() - t0) / 1e9);
                    selected.stream().filter(c -> c instanceof HttpServiceComponent && c.name().equals(QuarkusServices.GATEWAY))
                            .findFirst().ifPresent(gateway -> out.println("\nPlay at "
                                    + ((HttpServiceComponent) gateway).url().replace("127.0.0.1", "localhost") + "/  (open it in a browser)"));
                }
                case "down" -> stack.down(Components.select(all, rest));
                case "status" -> printStatus(out, stack.status(Components.select(all, rest)));
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

    private static void printStatus(PrintStream out, List<ComponentStatus> statuses) {
        for (ComponentStatus s : statuses) {
            String pid = s.pid().isPresent() ? "pid " + s.pid().getAsLong() + ", " + s.rssKb() / 1024 + " MB RSS" : "";
            String detail = switch (s.state()) {
                case RUNNING -> "running  " + s.endpoint() + "  (" + pid + ")";
                case STARTING -> "starting " + s.endpoint() + "  (" + pid + ", not answering yet)";
                case FOREIGN -> "port answers, but not started by this stack: " + s.endpoint();
                case EXTERNAL -> "external " + s.endpoint();
                case STOPPED -> "stopped";
            };
            out.printf("%-9s %s%n", s.name(), detail);
        }
    }
}
