package club.pente.ai.engine.protocol;

import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The client side of docs/engine-protocol.md: starts an engine's command as a process and talks to
 * it over its stdin/stdout. Anything the engine does wrong (no answer in time, a malformed or
 * over-long line, an error answer, an exit) is an {@link EngineFailure}; the process and everything it
 * started are then killed at once, so a hung engine never outlives its game.
 *
 * <p>Not thread-safe: one game thread talks to one engine.
 */
public final class ExternalEngine implements AutoCloseable {
    /** Why an engine forfeits: what it did wrong, in words. */
    public static final class EngineFailure extends Exception {
        public EngineFailure(String message) {
            super(message);
        }
    }

    /** A {@code bestmove} answer: the point, and the score/depth/nodes/pv when the engine gave them. */
    public record Answer(int move, Integer score, Integer depth, Long nodes, List<Integer> pv, long millis) {
    }

    /** Timeouts: for the handshake (a JVM starting on a busy machine), plain commands, and on top of a go's time. */
    public record Timeouts(long handshakeMillis, long commandMillis, long graceMillis) {
        public static final Timeouts DEFAULT = new Timeouts(30_000, 5_000, 1_000);
    }

    private static final int MAX_INFO_LINES = 1_000;
    private static final Object EOF = new Object();

    private final String label;
    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<Object> lines = new ArrayBlockingQueue<>(64);
    private final Timeouts timeouts;
    private final String name;
    private volatile boolean dead;

    private ExternalEngine(String label, Process process, Timeouts timeouts) throws EngineFailure {
        this.label = label;
        this.process = process;
        this.stdin = process.getOutputStream();
        this.timeouts = timeouts;
        Thread reader = new Thread(() -> pump(process.getInputStream()), "engine-" + label + "-stdout");
        reader.setDaemon(true);
        reader.start();
        String hello = request("pente " + ProtocolServer.PROTOCOL_VERSION, timeouts.handshakeMillis());
        String expected = "ok pente " + ProtocolServer.PROTOCOL_VERSION;
        if (!hello.equals(expected) && !hello.startsWith(expected + " ")) {
            throw fail("answered the handshake with '" + ProtocolLines.printable(hello, 80) + "'");
        }
        this.name = hello.substring(expected.length()).strip();
    }

    /**
     * Starts {@code command} (run as given, no shell) and does the handshake.
     *
     * @param label    a short name for messages
     * @param logStderr whether the engine's stderr goes to ours (else it is discarded)
     */
    public static ExternalEngine start(String label, List<String> command, Timeouts timeouts, boolean logStderr)
            throws EngineFailure {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(logStderr ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.DISCARD);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new EngineFailure(label + ": cannot start " + command + ": " + e.getMessage());
        }
        try {
            return new ExternalEngine(label, process, timeouts);
        } catch (EngineFailure | RuntimeException e) {
            kill(process);
            throw e;
        }
    }

    /** A command line for {@link #start}: run by {@code /bin/sh -c}, so quotes and variables work as in a shell. */
    public static List<String> shell(String commandLine) {
        return List.of("/bin/sh", "-c", commandLine);
    }

    /** The name the engine gave in the handshake. */
    public String name() {
        return name;
    }

    /** Whether the process still runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The process, for tests that check it was killed. */
    Process process() {
        return process;
    }

    public void newGame() throws EngineFailure {
        expectOk("newgame");
    }

    /** Switches the engine to a variant's rules ({@code variant ID}); a new game starts. */
    public void variant(club.pente.core.rules.Variant variant) throws EngineFailure {
        expectOk("variant " + variant.id());
    }

    /** Sets the position as the moves from the empty board (point indexes). */
    public void position(List<Integer> moves) throws EngineFailure {
        StringBuilder line = new StringBuilder("position");
        for (int point : moves) {
            line.append(' ').append(Notation.format(point));
        }
        expectOk(line.toString());
    }

    /**
     * Asks for a move within {@code millis} (and {@code nodes}, when not null). The engine forfeits when
     * it has not answered after {@code millis} plus the grace. The move is not checked against the rules
     * here: the caller knows the position.
     */
    public Answer go(long millis, Long nodes) throws EngineFailure {
        long start = System.nanoTime();
        String reply = request("go " + millis + (nodes == null ? "" : " nodes " + nodes), millis + timeouts.graceMillis());
        long spent = (System.nanoTime() - start) / 1_000_000;
        String[] words = reply.split(" +");
        if (!words[0].equals("bestmove") || words.length < 2) {
            throw fail("answered go with '" + ProtocolLines.printable(reply, 80) + "'");
        }
        int move = point(words[1]);
        Integer score = null;
        Integer depth = null;
        Long nodeCount = null;
        List<Integer> pv = new ArrayList<>();
        try {
            for (int i = 2; i < words.length; i++) {
                switch (words[i]) {
                    case "score" -> score = Integer.parseInt(words[++i]);
                    case "depth" -> depth = Integer.parseInt(words[++i]);
                    case "nodes" -> nodeCount = Long.parseLong(words[++i]);
                    case "pv" -> {
                        while (i + 1 < words.length) {
                            pv.add(point(words[++i]));
                        }
                    }
                    default -> throw fail("sent an unknown bestmove field '" + ProtocolLines.printable(words[i], 40) + "'");
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw fail("sent a malformed bestmove line '" + ProtocolLines.printable(reply, 80) + "'");
        }
        return new Answer(move, score, depth, nodeCount, pv, spent);
    }

    /** Says {@code quit}, gives the engine a moment to exit, then kills whatever is left. */
    @Override
    public void close() {
        if (!dead && process.isAlive()) {
            try {
                send("quit");
                process.waitFor(1, TimeUnit.SECONDS);
            } catch (EngineFailure e) {
                // it is being stopped anyway
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        kill(process);
        dead = true;
    }

    private int point(String word) throws EngineFailure {
        try {
            return Notation.parse(word);
        } catch (NotationException e) {
            throw fail("sent a point that is not one: " + e.getMessage());
        }
    }

    private void expectOk(String command) throws EngineFailure {
        String reply = request(command, timeouts.commandMillis());
        if (!reply.equals("ok")) {
            throw fail("answered '" + ProtocolLines.printable(command, 40) + "' with '"
                    + ProtocolLines.printable(reply, 120) + "'");
        }
    }

    /** Sends one command and returns the answer line, skipping {@code info} lines. */
    private String request(String command, long timeoutMillis) throws EngineFailure {
        send(command);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        int infos = 0;
        while (true) {
            Object item;
            try {
                item = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw fail("interrupted");
            }
            if (item == null) {
                throw fail("did not answer '" + ProtocolLines.printable(command, 40) + "' within " + timeoutMillis + " ms");
            }
            if (item == EOF) {
                throw fail("closed its output (exit " + exitValue() + ")");
            }
            ProtocolLines.Line line = (ProtocolLines.Line) item;
            if (!line.ok()) {
                throw fail("sent a bad line: " + line.problem());
            }
            if (line.text().startsWith("info ") || line.text().equals("info")) {
                if (++infos > MAX_INFO_LINES) {
                    throw fail("sent more than " + MAX_INFO_LINES + " info lines for one command");
                }
                continue;
            }
            return line.text().strip();
        }
    }

    private void send(String command) throws EngineFailure {
        if (dead) {
            throw new EngineFailure(label + ": already stopped");
        }
        try {
            stdin.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
            stdin.flush();
        } catch (IOException e) {
            throw fail("cannot be written to: " + e.getMessage());
        }
    }

    /** Kills the engine and returns the failure to throw. */
    private EngineFailure fail(String what) {
        dead = true;
        kill(process);
        return new EngineFailure(label + " (" + (name == null ? "starting" : name) + ") " + what);
    }

    private String exitValue() {
        try {
            return process.waitFor(200, TimeUnit.MILLISECONDS) ? Integer.toString(process.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** Kills the process and all its descendants (a shell's children included), and waits for the process. */
    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void pump(InputStream raw) {
        InputStream in = new BufferedInputStream(raw);
        try {
            while (true) {
                ProtocolLines.Line line = ProtocolLines.read(in, false);
                if (line == null) {
                    break;
                }
                // Bounded: a flooding engine waits here (and is killed for its first bad line) instead of filling memory.
                while (!lines.offer(line, 100, TimeUnit.MILLISECONDS)) {
                    if (dead || !process.isAlive()) {
                        return;
                    }
                }
            }
        } catch (IOException e) {
            // the process went away: the same as the end of its output
        } catch (InterruptedException e) {
            return;
        }
        try {
            while (!lines.offer(EOF, 100, TimeUnit.MILLISECONDS)) {
                if (dead) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // nobody is waiting any more
        }
    }
}
