package club.pente.gateway.http;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

/**
 * The address a per-address limit counts: the peer's IP (as Quarkus sees it, so behind a trusted proxy
 * with {@code quarkus.http.proxy.*} set it is the client's). IPv6 addresses count per /64, the block one
 * subscriber usually gets, so that one client cannot spread itself over 2^64 addresses.
 */
public final class ClientAddress {
    private ClientAddress() {
    }

    public static String of(HttpServerRequest request) {
        SocketAddress address = request.remoteAddress();
        return key(address == null ? null : address.hostAddress());
    }

    /** The counting key of a host address: IPv4 as it is, IPv6 by its first four groups. */
    public static String key(String host) {
        if (host == null || host.isEmpty()) {
            return "unknown";
        }
        if (host.indexOf(':') < 0) {
            return host;
        }
        String bare = host.startsWith("[") ? host.substring(1, host.indexOf(']') < 0 ? host.length() : host.indexOf(']')) : host;
        int zone = bare.indexOf('%');
        if (zone >= 0) {
            bare = bare.substring(0, zone);
        }
        String[] groups = expand(bare);
        if (groups == null) {
            return bare;
        }
        if (groups[0].equals("0") && groups[1].equals("0") && groups[2].equals("0") && groups[3].equals("0")
                && groups[4].equals("0") && (groups[5].equals("0") || groups[5].equals("ffff"))) {
            return bare; // loopback, IPv4-mapped and such: a single host
        }
        return groups[0] + ":" + groups[1] + ":" + groups[2] + ":" + groups[3] + "::/64";
    }

    /** {@code host:port} as WebSocket handshakes report the peer: the host part's key. */
    public static String keyOfSocketAddress(String hostAndPort) {
        if (hostAndPort == null) {
            return key(null);
        }
        int colon = hostAndPort.lastIndexOf(':');
        return key(colon < 0 ? hostAndPort : hostAndPort.substring(0, colon));
    }

    private static String[] expand(String address) {
        String[] halves = address.split("::", -1);
        if (halves.length > 2) {
            return null;
        }
        String[] head = halves[0].isEmpty() ? new String[0] : halves[0].split(":");
        String[] tail = halves.length == 2 && !halves[1].isEmpty() ? halves[1].split(":") : new String[0];
        if (halves.length == 1 && head.length != 8 || head.length + tail.length > 8) {
            return null;
        }
        String[] groups = new String[8];
        java.util.Arrays.fill(groups, "0");
        for (int i = 0; i < head.length; i++) {
            groups[i] = normal(head[i]);
        }
        for (int i = 0; i < tail.length; i++) {
            groups[8 - tail.length + i] = normal(tail[i]);
        }
        return groups;
    }

    private static String normal(String group) {
        String trimmed = group.toLowerCase(java.util.Locale.ROOT).replaceFirst("^0+(?=.)", "");
        return trimmed.isEmpty() ? "0" : trimmed;
    }
}
