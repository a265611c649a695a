package club.pente.kit.audit;

import club.pente.core.contract.AuditAction;
import club.pente.core.contract.Ids;
import club.pente.kit.rest.ApiException;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * What an audit listing asks for, from the query string of {@code GET /api/admin/audit} (the same parameters in
 * every service and at the gateway): {@code actor} (subject or username), {@code action}, {@code target},
 * {@code game}, {@code since}, {@code until} (ISO instants), {@code limit} (1 to 500, default 100). Newest first.
 */
public record AuditFilter(String actor, AuditAction action, String target, String game, Instant since, Instant until, int limit) {
    public static final int DEFAULT_LIMIT = 100;
    /** What PostgreSQL's timestamptz holds and an audit can mean: an instant outside is a 400, never a database error. */
    private static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");
    public static final int MAX_LIMIT = 500;

    public static AuditFilter parse(String actor, String action, String target, String game, String since, String until,
                                    String limit) {
        return new AuditFilter(
                optional(actor, "actor", "BAD_ACTOR"),
                action == null || action.isEmpty() ? null : actionOf(action),
                optional(target, "target", "BAD_TARGET"),
                game == null || game.isEmpty() ? null : gameId(game),
                instant(since, "since"),
                instant(until, "until"),
                limit(limit));
    }

    public static AuditFilter latest(int limit) {
        return new AuditFilter(null, null, null, null, null, null, limit);
    }

    /** Whether an entry is one this filter asks for (the gateway's merge, and tests). */
    public boolean matches(club.pente.core.contract.AuditEntry entry) {
        return (actor == null || actor.equals(entry.actor().subject()) || actor.equals(entry.actor().username()))
                && (action == null || action == entry.action())
                && (target == null || target.equals(entry.targetId()))
                && (game == null || game.equals(entry.gameId()))
                && (since == null || !entry.occurredAt().isBefore(since))
                && (until == null || entry.occurredAt().isBefore(until));
    }

    private static String optional(String value, String name, String code) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (!Ids.isPlayerId(value)) {
            throw new ApiException(400, code, name + " must be 1 to " + Ids.MAX_PLAYER_ID + " printable ASCII characters");
        }
        return value;
    }

    private static String gameId(String value) {
        if (!Ids.isId(value)) {
            throw new ApiException(400, "BAD_GAME_ID", "a game id is 1 to " + Ids.MAX_ID + " printable ASCII characters");
        }
        return value;
    }

    private static AuditAction actionOf(String value) {
        for (AuditAction action : AuditAction.values()) {
            if (action.name().equals(value)) {
                return action;
            }
        }
        throw new ApiException(400, "BAD_ACTION", "action must be one of " + java.util.Arrays.toString(AuditAction.values()));
    }

    private static Instant instant(String value, String name) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.length() > 40) {
            throw new ApiException(400, "BAD_TIME", name + " must be an ISO-8601 instant such as 2026-12-01T10:00:00Z");
        }
        try {
            Instant instant = Instant.parse(value);
            if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
                throw new ApiException(400, "BAD_TIME", name + " must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z");
            }
            return instant;
        } catch (DateTimeParseException e) {
            throw new ApiException(400, "BAD_TIME", name + " must be an ISO-8601 instant such as 2026-12-01T10:00:00Z");
        }
    }

    private static int limit(String value) {
        if (value == null || value.isEmpty()) {
            return DEFAULT_LIMIT;
        }
        if (value.length() > 3 || !value.chars().allMatch(Character::isDigit)) {
            throw new ApiException(400, "BAD_LIMIT", "limit must be 1 to " + MAX_LIMIT);
        }
        int limit = Integer.parseInt(value);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new ApiException(400, "BAD_LIMIT", "limit must be 1 to " + MAX_LIMIT);
        }
        return limit;
    }
}
