package club.pente.messaging;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Tells from a record's type header (e.g. {@code pente-event-type}), without reading its value, which of
 * the types a consumer cares about the record is. The header only lets a consumer skip work: a record
 * without it must be read as before, since older publishers do not set it. Compares bytes, allocates nothing.
 */
public final class TypeHeader {
    /** The record has no such header: read its value to learn its type. */
    public static final int ABSENT = -2;
    /** The header names a type not among the given ones: the consumer may skip the record unread. */
    public static final int OTHER = -1;

    private final String name;
    private final byte[][] types;

    /**
     * @param name  the header's name
     * @param types the type names the consumer handles, as the header spells them
     */
    public TypeHeader(String name, List<String> types) {
        if (name == null || name.isEmpty() || types.isEmpty()) {
            throw new IllegalArgumentException("a header name and at least one type");
        }
        this.name = name;
        this.types = types.stream().map(type -> type.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    /** The index of the named type in the constructor's list, {@link #OTHER} or {@link #ABSENT}. */
    public int match(Headers headers) {
        Header header = headers == null ? null : headers.lastHeader(name);
        if (header == null || header.value() == null) {
            return ABSENT;
        }
        byte[] value = header.value();
        for (int i = 0; i < types.length; i++) {
            if (Arrays.equals(value, types[i])) {
                return i;
            }
        }
        return OTHER;
    }

    /** True when the header names a type the consumer does not handle. */
    public boolean skips(Headers headers) {
        return match(headers) == OTHER;
    }
}
