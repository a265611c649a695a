package club.pente.ai.engine.protocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A test engine that does the handshake and then misbehaves at {@code go}, in the way its first
 * argument names: {@code garbage} (binary bytes), {@code silent} (never answers), {@code illegal}
 * (answers an occupied point), {@code exit} (dies), {@code flood} (an endless line).
 */
public final class MisbehavingEngine {
    private MisbehavingEngine() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String mode = args[0];
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("pente")) {
                out.print("ok pente 1 misbehaving " + mode + "\n");
            } else if (line.startsWith("go")) {
                switch (mode) {
                    case "garbage" -> out.write(new byte[] {(byte) 0xff, 0, 27, '[', '2', 'J', '\n'});
                    case "silent" -> {
                        out.flush();
                        Thread.sleep(Long.MAX_VALUE); // the engine under test hangs; the client must kill it
                    }
                    case "illegal" -> out.print("bestmove K10\n");
                    case "exit" -> System.exit(3);
                    case "flood" -> {
                        byte[] chunk = new byte[65536];
                        java.util.Arrays.fill(chunk, (byte) 'x');
                        while (true) {
                            out.write(chunk);
                            out.flush();
                        }
                    }
                    default -> throw new IllegalArgumentException(mode);
                }
            } else if (line.equals("quit")) {
                out.print("bye\n");
                out.flush();
                return;
            } else {
                out.print("ok\n");
            }
            out.flush();
        }
    }
}
