package club.pente.ai.engine.protocol;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URL;
import java.security.CodeSource;

/**
 * Our engine behind the line protocol of docs/engine-protocol.md, on stdin/stdout:
 * {@code ProtocolServer --level N [--seed S] [--variant pente|keryo|gomoku]}; the {@code variant ID}
 * command switches the rules (a new game starts).
 *
 * <p>It uses only the engine API that is stable since 76751d7 ({@code new Engine(EngineConfig, long)},
 * {@code bestMove(Position, Budget)}, {@code Budget.millis/nodes}, {@code EngineConfig.level},
 * {@link SearchResult}), so that it also drives an older revision's engine: put that revision's
 * ai-engine jar first on the classpath and this class is found in today's jar while {@code Engine} and
 * everything it uses come from the old one. The handshake names the jar {@code Engine} was loaded from,
 * which shows which engine really plays. Variants only need {@code new Position(Variant)} from pente-core
 * (an engine from before variants would play Pente's rules on them, and its moves are checked).
 *
 * <p>Every command line gets exactly one answer line; bad input gets an {@code error} line, never a crash.
 */
public final class ProtocolServer {
    static final int PROTOCOL_VERSION = 1;
    /** Longest thinking time a {@code go} may ask for: one hour. */
    static final long MAX_MILLIS = 3_600_000;
    private static final int USAGE = 64;

    private final InputStream in;
    private final PrintStream out;
    private final int level;
    private final long seed;
    private final String name;
    private Engine engine;
    private Variant variant;
    private Position position;
    private boolean greeted;

    ProtocolServer(InputStream in, PrintStream out, int level, long seed) {
        this(in, out, level, seed, Variant.PENTE);
    }

    ProtocolServer(InputStream in, PrintStream out, int level, long seed, Variant variant) {
        this.variant = Variant.orDefault(variant);
        this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in);
        this.out = out;
        this.level = level;
        this.seed = seed;
        EngineConfig.level(level); // refuses a level this engine does not have, before the handshake
        this.name = "pente-club ai-engine level " + level + " seed " + seed + " engine " + engineJar();
    }

    public static void main(String[] args) {
        int level = -1;
        long seed = 1;
        Variant variant = Variant.PENTE;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--level" -> level = Integer.parseInt(value(args, ++i));
                    case "--seed" -> seed = Long.parseLong(value(args, ++i));
                    case "--variant" -> variant = Variant.parse(value(args, ++i));
                    default -> throw new IllegalArgumentException("unexpected argument " + args[i]);
                }
            }
            if (level < 0) {
                throw new IllegalArgumentException("--level N is required");
            }
            ProtocolServer server = new ProtocolServer(System.in, System.out, level, seed, variant);
            System.exit(server.run());
        } catch (IllegalArgumentException e) {
            System.err.println("ProtocolServer: " + e.getMessage());
            System.err.println("usage: ProtocolServer --level N [--seed S] [--variant pente|keryo|gomoku]"
                    + "   (line protocol: docs/engine-protocol.md)");
            System.exit(USAGE);
        } catch (IOException e) {
            System.err.println("ProtocolServer: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The handshake's name: which engine answers, and from which jar its Engine class came. */
    String name() {
        return name;
    }

    /** Serves until {@code quit} or the end of input; returns the exit status (0). */
    int run() throws IOException {
        while (true) {
            ProtocolLines.Line line = ProtocolLines.read(in, true);
            if (line == null) {
                return 0;
            }
            if (!line.ok()) {
                answer("error " + line.problem());
                continue;
            }
            String text = line.text().strip();
            if (text.isEmpty()) {
                continue;
            }
            String[] words = text.split(" +");
            if (words[0].equals("quit")) {
                answer("bye");
                return 0;
            }
            String reply;
            try {
                reply = handle(words);
            } catch (RuntimeException e) {
                // An engine fault must not end the session: say so and stay ready.
                reply = "error internal: " + e;
            }
            answer(reply);
        }
    }

    private String handle(String[] words) {
        String command = words[0];
        if (command.equals("pente")) {
            if (words.length != 2 || !words[1].equals(Integer.toString(PROTOCOL_VERSION))) {
                return "error this engine speaks protocol version " + PROTOCOL_VERSION + ": send 'pente 1'";
            }
            greeted = true;
            return "ok pente " + PROTOCOL_VERSION + " " + name;
        }
        if (!greeted) {
            return "error send 'pente 1' first";
        }
        return switch (command) {
            case "newgame" -> {
                if (words.length != 1) {
                    yield "error newgame takes no arguments";
                }
                engine = null;
                position = new Position(variant);
                yield "ok";
            }
            case "variant" -> setVariant(words);
            case "position" -> setPosition(words);
            case "move" -> move(words);
            case "go" -> go(words);
            default -> "error unknown command '" + ProtocolLines.printable(command, 40) + "'";
        };
    }

    /** {@code variant ID}: the rules of the following games; starts a new game (the board is emptied). */
    private String setVariant(String[] words) {
        if (words.length != 2) {
            return "error usage: variant pente|keryo|gomoku";
        }
        Variant next;
        try {
            next = Variant.parse(words[1]);
        } catch (IllegalArgumentException e) {
            return "error " + ProtocolLines.printable(e.getMessage(), 80);
        }
        variant = next;
        engine = null;
        position = new Position(variant);
        return "ok";
    }

    private String setPosition(String[] words) {
        Position next = new Position(variant);
        for (int i = 1; i < words.length; i++) {
            String problem = play(next, words[i]);
            if (problem != null) {
                return "error move " + i + " " + problem;
            }
        }
        position = next;
        return "ok";
    }

    private String move(String[] words) {
        if (words.length != 2) {
            return "error move takes one point, like 'move K10'";
        }
        if (position == null) {
            position = new Position(variant);
        }
        String problem = play(position, words[1]);
        return problem == null ? "ok" : "error " + problem;
    }

    /** Plays a point given in notation, or says why not (the position is unchanged then). */
    private static String play(Position target, String word) {
        int point;
        try {
            point = Notation.parse(word);
        } catch (NotationException e) {
            return e.getMessage();
        }
        MoveError error = target.check(point);
        if (error != null) {
            return "'" + Notation.format(point) + "': " + error.message();
        }
        target.apply(point);
        return null;
    }

    private String go(String[] words) {
        long millis;
        Long nodes = null;
        if (words.length != 2 && !(words.length == 4 && words[2].equals("nodes"))) {
            return "error usage: go MILLIS [nodes N]";
        }
        try {
            millis = Long.parseLong(words[1]);
            if (words.length == 4) {
                nodes = Long.parseLong(words[3]);
            }
        } catch (NumberFormatException e) {
            return "error usage: go MILLIS [nodes N] with whole numbers";
        }
        if (millis < 1 || millis > MAX_MILLIS || (nodes != null && nodes < 1)) {
            return "error MILLIS must be 1.." + MAX_MILLIS + " and N positive";
        }
        if (position == null) {
            position = new Position(variant);
        }
        if (position.status().isOver()) {
            return "error the game is over: " + position.status();
        }
        if (engine == null) {
            engine = new Engine(EngineConfig.level(level), seed);
        }
        Budget budget = nodes != null ? Budget.nodes(nodes) : Budget.millis(millis);
        SearchResult result = engine.bestMove(position, budget);
        StringBuilder reply = new StringBuilder("bestmove ").append(Notation.format(result.move()))
                .append(" score ").append(result.score())
                .append(" depth ").append(result.depth())
                .append(" nodes ").append(result.nodes())
                .append(" pv");
        for (int point : result.pv()) {
            reply.append(' ').append(Notation.format(point));
        }
        return reply.toString();
    }

    private void answer(String line) {
        out.print(line.length() > ProtocolLines.MAX_LENGTH ? line.substring(0, ProtocolLines.MAX_LENGTH) : line);
        out.print('\n');
        out.flush();
    }

    private static String engineJar() {
        CodeSource source = Engine.class.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        return location == null ? "unknown" : ProtocolLines.printable(location.getPath(), 300);
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }
}
