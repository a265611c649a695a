package club.pente.core.contract;

import java.nio.charset.StandardCharsets;

/**
 * Kafka record headers the publishers set on every event, so that a consumer can skip the event types it
 * does not need without parsing the payload. The payload's {@code type} field stays the truth; a record
 * without the header is parsed as before.
 */
public final class EventHeaders {
    /** The event's type as in its {@code type} field, e.g. {@code MovePlayed}, UTF-8. */
    public static final String TYPE = "pente-event-type";

    private EventHeaders() {
    }

    public static byte[] typeValue(String type) {
        return type.getBytes(StandardCharsets.UTF_8);
    }

    /** True when the header value names {@code type}; compares bytes, allocates nothing. */
    public static boolean isType(byte[] headerValue, byte[] type) {
        return headerValue != null && java.util.Arrays.equals(headerValue, type);
    }
}
