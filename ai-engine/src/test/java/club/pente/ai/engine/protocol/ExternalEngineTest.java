package club.pente.ai.engine.protocol;

import club.pente.ai.engine.protocol.ExternalEngine.EngineFailure;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The client against real processes: our ProtocolServer, and engines that misbehave. */
class ExternalEngineTest {
    private static final ExternalEngine.Timeouts TIMEOUTS = new ExternalEngine.Timeouts(60_000, 20_000, 300);

    /** java from this JVM's home with the test classpath, running {@code main}. */
    private static List<String> java(String main, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), main));
        command.addAll(List.of(args));
        return command;
    }

    @Test
    void playsAGameStartAgainstTheServerInASubprocess() throws EngineFailure {
        try (ExternalEngine engine = ExternalEngine.start("server",
                java(ProtocolServer.class.getName(), "--level", "4", "--seed", "3"), TIMEOUTS, false)) {
            assertThat(engine.name()).startsWith("pente-club ai-engine level 4 seed 3 engine ");
            engine.newGame();
            Position position = new Position();
            List<Integer> moves = new ArrayList<>();
            for (int ply = 0; ply < 6; ply++) {
                engine.position(moves);
                ExternalEngine.Answer answer = engine.go(20_000, 2_000L);
                assertThat(position.check(answer.move())).as("ply %d: %s", ply, Notation.format(answer.move())).isNull();
                assertThat(answer.pv()).first().isEqualTo(answer.move());
                assertThat(answer.nodes()).isNotNull();
                position.play(answer.move());
                moves.add(answer.move());
            }
            assertThat(engine.isAlive()).isTrue();
        }
    }

    @Test
    void anErrorAnswerIsAFailure() throws EngineFailure {
        ExternalEngine engine = ExternalEngine.start("server", java(ProtocolServer.class.getName(), "--level", "1"),
                TIMEOUTS, false);
        // K11 is too close for White's second stone: the server says error, the client gives up on it.
        assertThatThrownBy(() -> engine.position(List.of(Notation.parse("K10"), Notation.parse("M12"),
                Notation.parse("K11")))).isInstanceOf(EngineFailure.class).hasMessageContaining("error move 3");
        assertThat(engine.isAlive()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage", "silent", "exit", "flood"})
    void anEngineThatMisbehavesIsKilled(String mode) throws EngineFailure {
        ExternalEngine engine = ExternalEngine.start(mode, java(MisbehavingEngine.class.getName(), mode), TIMEOUTS, false);
        assertThat(engine.name()).isEqualTo("misbehaving " + mode);
        engine.newGame();
        engine.position(List.of(Notation.parse("K10")));
        assertThatThrownBy(() -> engine.go(200, null)).isInstanceOf(EngineFailure.class)
                .hasMessageContaining(mode.equals("silent") ? "did not answer 'go 200' within 500 ms"
                        : mode.equals("exit") ? "closed its output" : mode.equals("flood") ? "longer than 8192"
                        : "not printable ASCII");
        assertThat(engine.process().isAlive()).isFalse();
    }

    @Test
    void theShellsChildIsKilledToo() throws Exception {
        // Started through /bin/sh -c without exec: the java process is the shell's child, and must not survive.
        String line = String.join(" ", java(MisbehavingEngine.class.getName(), "silent").stream()
                .map(word -> "'" + word + "'").toList());
        ExternalEngine engine = ExternalEngine.start("sh", ExternalEngine.shell(line + "; true"), TIMEOUTS, false);
        List<ProcessHandle> children = engine.process().descendants().toList();
        assertThat(children).isNotEmpty();
        assertThatThrownBy(() -> engine.go(100, null)).isInstanceOf(EngineFailure.class);
        assertThat(engine.process().isAlive()).isFalse();
        for (ProcessHandle child : children) {
            child.onExit().get();
            assertThat(child.isAlive()).isFalse();
        }
    }

    @Test
    void aCommandThatCannotStartIsAFailure() {
        assertThatThrownBy(() -> ExternalEngine.start("none", List.of("/nonexistent/engine"), TIMEOUTS, false))
                .isInstanceOf(EngineFailure.class).hasMessageContaining("cannot start");
        // Starts but never speaks the protocol: the handshake fails, the process is killed.
        assertThatThrownBy(() -> ExternalEngine.start("cat", List.of("/bin/sh", "-c", "echo hello; exec cat"),
                TIMEOUTS, false)).isInstanceOf(EngineFailure.class).hasMessageContaining("answered the handshake with 'hello'");
    }
}
