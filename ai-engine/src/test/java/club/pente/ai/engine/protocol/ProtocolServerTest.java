package club.pente.ai.engine.protocol;

import club.pente.core.notation.Notation;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The server side of docs/engine-protocol.md, fed a scripted session in this JVM. */
class ProtocolServerTest {
    private static List<String> session(byte[] input) throws IOException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ProtocolServer server = new ProtocolServer(new ByteArrayInputStream(input),
                new PrintStream(output, true, StandardCharsets.US_ASCII), 5, 7);
        assertThat(server.run()).isZero();
        return output.toString(StandardCharsets.US_ASCII).lines().toList();
    }

    private static List<String> session(String input) throws IOException {
        return session(input.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void playsTheVariantItIsGiven() throws IOException {
        List<String> out = session("""
                pente 1
                variant gomoku
                position K10 L11 K11
                variant KERYO
                position K10 L10 N13 L11 L9 L12
                move L13
                move L11
                go 1000 nodes 2000
                variant chess
                variant
                newgame
                position K10 L11 K11
                quit
                """);
        assertThat(out).hasSize(13);
        // Gomoku has no tournament rule (K11 next to the centre is fine); in Keryo L13 takes the trio L10-L12,
        // so Black may play on L11 again.
        assertThat(out.subList(1, 7)).containsOnly("ok");
        String move = out.get(7).split(" ")[1];
        Position keryo = Position.of(Variant.KERYO, points("K10 L10 N13 L11 L9 L12 L13 L11"));
        assertThat(keryo.capturedStones(club.pente.core.rules.Color.WHITE)).isEqualTo(3);
        assertThat(keryo.check(Notation.parse(move))).isNull();
        assertThat(out.get(8)).startsWith("error unknown variant 'chess'");
        assertThat(out.get(9)).isEqualTo("error usage: variant pente|keryo|gomoku");
        // The variant stays for new games: Keryo keeps the tournament rule, so K11 is refused at move 3.
        assertThat(out.get(10)).isEqualTo("ok");
        assertThat(out.get(11)).startsWith("error move 3 'K11': ");
        assertThat(out.get(12)).isEqualTo("bye");
    }

    private static int[] points(String moves) {
        return java.util.Arrays.stream(moves.split(" ")).mapToInt(Notation::parse).toArray();
    }

    @Test
    void answersEveryCommandWithOneLine() throws IOException {
        List<String> out = session("""
                pente 1
                newgame
                position K10 L11 N13
                go 1000 nodes 3000

                move M12
                go 5000 nodes 3000
                quit
                go 100
                """);
        assertThat(out).hasSize(7);
        assertThat(out.get(0)).startsWith("ok pente 1 pente-club ai-engine level 5 seed 7 engine ")
                .contains("ai-engine"); // the classes directory or jar Engine came from
        assertThat(out.get(1)).isEqualTo("ok");
        assertThat(out.get(2)).isEqualTo("ok");
        String first = out.get(3);
        assertThat(first).matches("bestmove [A-T]\\d{1,2} score -?\\d+ depth \\d+ nodes \\d+ pv( [A-T]\\d{1,2})+");
        Position position = Position.of(Notation.parse("K10"), Notation.parse("L11"), Notation.parse("N13"));
        String move = first.split(" ")[1];
        assertThat(position.check(Notation.parse(move))).isNull();
        assertThat(first.split(" pv ")[1]).startsWith(move);
        // The blank line got no answer; move M12 extends the position, and go answers for White again.
        assertThat(out.get(4)).isEqualTo("ok");
        assertThat(out.get(5)).startsWith("bestmove ");
        assertThat(out.get(6)).isEqualTo("bye"); // and nothing after quit
    }

    @Test
    void theSameSeedAndNodeBudgetGiveTheSameAnswer() throws IOException {
        String script = "pente 1\nposition K10 L11 N13\ngo 60000 nodes 4000\nquit\n";
        assertThat(session(script)).isEqualTo(session(script));
    }

    @Test
    void badInputGetsAnErrorLineAndTheServerStaysReady() throws IOException {
        byte[] longLine = ("position " + "K10 ".repeat(3000) + "\n").getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes("go 100\npente 2\npente 1\n".getBytes(StandardCharsets.US_ASCII));
        input.writeBytes(longLine);
        input.writeBytes(new byte[] {'m', 'o', 'v', 'e', ' ', (byte) 0xc3, (byte) 0xa9, '\n', 0, 1, 2, '\n'});
        input.writeBytes(("""
                hello world
                position K10 K11 L10
                position K10 L11 Z9
                position K10 I10
                move
                move K10
                go
                go soon
                go 0
                go 100 nodes -5
                newgame extra
                position K10 L10 A1 L11 B1 L12 C1 L13 D1 L14
                go 100
                position K10 L11
                move L11
                go 200 nodes 2000
                """).getBytes(StandardCharsets.US_ASCII));
        input.writeBytes("quit\r\n".getBytes(StandardCharsets.US_ASCII));
        List<String> out = session(input.toByteArray());
        assertThat(out).containsExactly(
                "error send 'pente 1' first",
                "error this engine speaks protocol version 1: send 'pente 1'",
                out.get(2),
                "error line longer than 8192 characters",
                "error byte 0xc3 is not printable ASCII",
                "error byte 0x00 is not printable ASCII",
                "error unknown command 'hello'",
                "error move 3 'L10': " + MoveError.TOURNAMENT_RULE.message(),
                out.get(8),
                out.get(9),
                "error move takes one point, like 'move K10'",
                "ok",
                "error usage: go MILLIS [nodes N]",
                "error usage: go MILLIS [nodes N] with whole numbers",
                "error MILLIS must be 1..3600000 and N positive",
                "error MILLIS must be 1..3600000 and N positive",
                "error newgame takes no arguments",
                "ok",
                "error the game is over: BLACK_WINS",
                "ok",
                "error 'L11': the point is occupied",
                out.get(21),
                "bye");
        assertThat(out.get(2)).startsWith("ok pente 1 ");
        assertThat(out.get(8)).startsWith("error move 3 ").contains("Z9");
        assertThat(out.get(9)).startsWith("error move 2 ").contains("no column I");
        assertThat(out.get(21)).startsWith("bestmove ");
    }

    @Test
    void refusesALevelTheEngineDoesNotHave() {
        assertThatThrownBy(() -> new ProtocolServer(new ByteArrayInputStream(new byte[0]), System.out, 99, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void endOfInputEndsTheSession() throws IOException {
        assertThat(session("pente 1")).hasSize(1);
        assertThat(session("")).isEmpty();
    }
}
