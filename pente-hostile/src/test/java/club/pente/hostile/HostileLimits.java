package club.pente.hostile;

import java.util.Map;

/**
 * The suite sends thousands of requests from one address in a few seconds: the platform's per-address and
 * per-identity limits are raised for it (they have tests of their own), so that the hostile inputs reach
 * the code that must refuse them instead of stopping at the rate limit.
 */
final class HostileLimits {
    private HostileLimits() {
    }

    static Map<String, Map<String, String>> overrides() {
        String high = "1000000";
        return Map.of(
                "gateway", Map.of(
                        "pente.quota.sockets.per-address", high,
                        "pente.quota.sockets.per-identity", high,
                        "pente.quota.api.per-address.burst", high,
                        "pente.quota.api.per-address.per-second", high,
                        "pente.quota.api.per-identity.burst", high,
                        "pente.quota.api.per-identity.per-second", high,
                        "pente.guest.issue.per-minute", high),
                "matchmaking", Map.of(
                        "pente.quota.seeks.per-minute", high,
                        "pente.quota.invitations.per-minute", high,
                        "pente.quota.invitations.open", high,
                        "pente.quota.accepts.per-minute", high,
                        "pente.quota.ai-games.per-minute", high,
                        "pente.quota.ai-games.live", high,
                        "pente.tournament.requests-per-minute", high),
                "ai", Map.of("pente.ai.analysis.per-caller.per-minute", high));
    }
}
