package club.pente.gateway.proxy;

import club.pente.core.contract.Ids;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The API paths the gateway forwards, and to which service: an explicit allow-list of patterns such as
 * {@code /api/games/{id}/record}, where {@code {id}} is one path segment that is an id
 * ({@link Ids#isPlayerId}, the widest id rule; the service checks its own). Everything else is unknown
 * to the gateway (404), whatever a service behind it would answer, so its {@code /q/} endpoints or
 * paths it never meant to publish are out of reach. A service's paths start with {@code /api/<service>}, or with
 * {@link #STAFF_PREFIX} for its staff endpoints (which the gateway fences before forwarding, {@link StaffFence}).
 */
public final class ApiRoutes {
    private static final String ID = "{id}";
    /** The staff endpoints of every service: {@code /api/admin/...}. */
    public static final String STAFF_PREFIX = "/api/admin/";

    private record Pattern(String service, List<String> segments) {
        boolean matches(List<String> path) {
            if (path.size() != segments.size()) {
                return false;
            }
            for (int i = 0; i < segments.size(); i++) {
                String expected = segments.get(i);
                if (expected.equals(ID) ? !Ids.isPlayerId(path.get(i)) : !expected.equals(path.get(i))) {
                    return false;
                }
            }
            return true;
        }
    }

    private final List<Pattern> patterns = new ArrayList<>();

    /** @param byService service name -> its path patterns, each {@code /api/<service>/...} */
    public ApiRoutes(Map<String, List<String>> byService) {
        byService.forEach((service, paths) -> {
            for (String path : paths) {
                String trimmed = path.strip();
                if (!trimmed.startsWith("/api/" + service + "/") && !trimmed.equals("/api/" + service)
                        && !(trimmed.startsWith(STAFF_PREFIX) && trimmed.length() > STAFF_PREFIX.length())) {
                    throw new IllegalArgumentException("an API path of " + service + " starts with /api/" + service + " or "
                            + STAFF_PREFIX + ": " + trimmed);
                }
                Pattern pattern = new Pattern(service, segmentsOf(trimmed));
                for (Pattern other : patterns) {
                    if (other.segments().equals(pattern.segments())) {
                        throw new IllegalArgumentException("an API path is forwarded to one service, not to " + other.service()
                                + " and " + service + ": " + trimmed);
                    }
                }
                patterns.add(pattern);
            }
        });
    }

    /** A pattern such as {@code /api/admin/games/{id}/annul} as the segments {@link #matches} compares. */
    public static List<String> segmentsOf(String pattern) {
        return List.of(pattern.strip().substring(1).split("/"));
    }

    /** Whether these (decoded) path segments are the pattern's, each {@code {id}} one id. */
    public static boolean matches(List<String> pattern, List<String> segments) {
        return new Pattern("", pattern).matches(segments);
    }

    /** The service that owns these (decoded) path segments, or null when the gateway does not forward them. */
    public String serviceFor(List<String> segments) {
        for (Pattern pattern : patterns) {
            if (pattern.matches(segments)) {
                return pattern.service();
            }
        }
        return null;
    }
}
