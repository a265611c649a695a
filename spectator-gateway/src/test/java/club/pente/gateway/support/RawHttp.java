package club.pente.gateway.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP and WebSocket handshakes written byte for byte, for what ordinary clients refuse to send (matrix
 * parameters, backslashes, HTTP/1.0 without Host) and from a chosen loopback address (127.0.0.2, ...),
 * so that a test of per-address limits has an address of its own.
 */
public final class RawHttp implements AutoCloseable {
    public record Response(int status, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawHttp(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /** A connection to 127.0.0.1:port from {@code from} (any 127.x.y.z address reaches loopback on Linux). */
    public static RawHttp connect(int port, String from) {
        try {
            Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName(from), 0);
            socket.setSoTimeout(10_000);
            return new RawHttp(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One request on a fresh connection from 127.0.0.1: the request text is sent exactly as given. */
    public static Response exchange(int port, String request) {
        try (RawHttp http = connect(port, "127.0.0.1")) {
            return http.send(request);
        }
    }

    public static String get(String path, String host) {
        return "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: */*\r\n\r\n";
    }

    /** Sends a request and reads one response (Content-Length or close delimited); keeps the connection. */
    public Response send(String request) {
        try {
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts a WebSocket handshake and returns the server's answer to it (101 keeps the socket open). */
    public Response upgrade(String path, String host) {
        byte[] key = new byte[16];
        new SecureRandom().nextBytes(key);
        return send("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(key) + "\r\nSec-WebSocket-Version: 13\r\n\r\n");
    }

    /** After a 101: the opcode of the next frame the server sends (1 text, 8 close), -1 when the connection ends. */
    public int awaitFrame() {
        try {
            return readFrame(false);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no frame within 10 s");
        } catch (IOException e) {
            return -1;
        }
    }

    /** After a 101: the status code of the next close frame, -1 when the connection ends without one. */
    public int awaitCloseFrame() {
        try {
            return readFrame(true);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no close frame within 10 s");
        } catch (IOException e) {
            return -1;
        }
    }

    /** Reads frames: the first one's opcode, or (untilClose) the close code of the first close frame. */
    private int readFrame(boolean untilClose) throws IOException {
        {
            while (true) {
                int first = in.read();
                if (first < 0) {
                    return -1;
                }
                int second = in.read();
                long length = second & 0x7f;
                if (length == 126) {
                    length = (in.read() << 8) | in.read();
                } else if (length == 127) {
                    length = 0;
                    for (int i = 0; i < 8; i++) {
                        length = (length << 8) | in.read();
                    }
                }
                byte[] payload = in.readNBytes((int) length);
                if (!untilClose) {
                    return first & 0x0f;
                }
                if ((first & 0x0f) == 0x8) {
                    return payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : 1005;
                }
            }
        }
    }

    private Response read() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
            matched = (b == '\r' || b == '\n') && "\r\n\r\n".charAt(matched) == b ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        if (lines.length == 0 || lines[0].isEmpty()) {
            return new Response(-1, Map.of(), "");
        }
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        String body;
        if (status == 101) {
            body = "";
        } else if (headers.containsKey("content-length")) {
            body = new String(in.readNBytes(Integer.parseInt(headers.get("content-length"))), StandardCharsets.UTF_8);
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = readChunked();
        } else {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Response(status, headers, body);
    }

    private String readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            StringBuilder size = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (b != '\r') {
                    size.append((char) b);
                }
            }
            int length = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
            if (length == 0) {
                in.readNBytes(2);
                return body.toString(StandardCharsets.UTF_8);
            }
            body.write(in.readNBytes(length));
            in.readNBytes(2);
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
