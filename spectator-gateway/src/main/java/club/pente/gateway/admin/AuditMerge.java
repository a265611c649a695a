package club.pente.gateway.admin;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The staff audit as one list: the entries each service answered, newest first (then by audit id, so that the
 * order is the same on every refresh), cut to the limit asked for. Entries pass as the services wrote them.
 */
public final class AuditMerge {
    private static final Comparator<JsonNode> NEWEST_FIRST = Comparator
            .comparing(AuditMerge::occurredAt, Comparator.nullsLast(Comparator.reverseOrder()))
            .thenComparing(entry -> entry.path("auditId").asText(""), Comparator.reverseOrder());

    private AuditMerge() {
    }

    /** @param answers each service's {@code entries} array (null for a service that gave none) */
    public static List<JsonNode> merge(List<JsonNode> answers, int limit) {
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode entries : answers) {
            if (entries != null && entries.isArray()) {
                entries.forEach(entry -> {
                    if (entry.isObject()) {
                        all.add(entry);
                    }
                });
            }
        }
        all.sort(NEWEST_FIRST);
        return all.size() > limit ? List.copyOf(all.subList(0, limit)) : all;
    }

    private static Instant occurredAt(JsonNode entry) {
        JsonNode at = entry.get("occurredAt");
        if (at == null || !at.isTextual()) {
            return null;
        }
        try {
            return Instant.parse(at.asText());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
