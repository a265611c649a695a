package club.pente.matchmaking.application;

import club.pente.core.contract.Ids;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.kit.rest.ApiException;

import java.time.Duration;
import java.time.Instant;

/**
 * What staff may ask of matchmaking's sanctions, checked before anything is read or written: account ids only,
 * a reason, durations in range, and the admin-only part (long or open-ended suspensions, forfeits).
 */
public final class SanctionRules {
    /** A moderator's longest suspension: 7 days. */
    public static final int MODERATOR_MAX_SUSPENSION_MINUTES = 10_080;
    /** Anyone's longest timed suspension: 365 days (longer: until lifted). */
    public static final int MAX_SUSPENSION_MINUTES = 525_600;
    /** The longest chat mute: 30 days. */
    public static final int MAX_MUTE_MINUTES = 43_200;

    private SanctionRules() {
    }

    /** Staff sanction accounts only: a guest id lives for one session and the computer plays no one. */
    public static String accountId(String playerId) {
        if (playerId == null || !Ids.isPlayerId(playerId) || PlayerRef.kindOf(playerId) != PlayerRef.Kind.ACCOUNT) {
            throw ApiException.badRequest("BAD_PLAYER_ID", "sanctions apply to accounts: a Keycloak subject of 1 to "
                    + Ids.MAX_PLAYER_ID + " printable ASCII characters, not a guest: or ai: id");
        }
        return playerId;
    }

    /**
     * The account a sanction change (suspend, lift, mute, unmute) is aimed at: never the caller's own, or a sanctioned
     * moderator could lift what an admin decided (another staff member must).
     */
    public static String target(StaffActor staff, String playerId) {
        String account = accountId(playerId);
        if (account.equals(staff.subject())) {
            throw ApiException.forbidden("OWN_SANCTION", "staff cannot suspend, mute or lift sanctions of their own account; "
                    + "another staff member must");
        }
        return account;
    }

    public static String reason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw ApiException.badRequest("MISSING_REASON", "a staff action needs a reason (1 to " + Ids.MAX_REASON + " characters)");
        }
        if (!Ids.isText(reason, Ids.MAX_REASON)) {
            throw ApiException.badRequest("BAD_REASON", "a reason is 1 to " + Ids.MAX_REASON + " characters without control characters");
        }
        return reason;
    }

    /** A suspension's end: {@code minutes} from now, or null (until lifted) when minutes is null. */
    public static Instant suspensionUntil(StaffActor staff, Integer minutes, boolean forfeitLiveGames, Instant now) {
        if (minutes != null && (minutes < 1 || minutes > MAX_SUSPENSION_MINUTES)) {
            throw ApiException.badRequest("BAD_MINUTES", "a suspension lasts 1 to " + MAX_SUSPENSION_MINUTES
                    + " minutes, or until lifted (\"minutes\": null)");
        }
        if (!staff.may(StaffRole.ADMIN)) {
            if (minutes == null) {
                throw adminOnly("a suspension until lifted");
            }
            if (minutes > MODERATOR_MAX_SUSPENSION_MINUTES) {
                throw adminOnly("a suspension longer than " + MODERATOR_MAX_SUSPENSION_MINUTES + " minutes (7 days)");
            }
            if (forfeitLiveGames) {
                throw adminOnly("forfeiting a player's live games");
            }
        }
        return minutes == null ? null : now.plus(Duration.ofMinutes(minutes));
    }

    public static Instant muteUntil(Integer minutes, Instant now) {
        if (minutes == null || minutes < 1 || minutes > MAX_MUTE_MINUTES) {
            throw ApiException.badRequest("BAD_MINUTES", "a chat mute lasts 1 to " + MAX_MUTE_MINUTES + " minutes");
        }
        return now.plus(Duration.ofMinutes(minutes));
    }

    /** What a suspended player is told wherever an action is refused. */
    public static String suspendedMessage(Sanction suspension) {
        return "suspended until " + (suspension.until() == null ? "lifted" : suspension.until().toString()) + ": " + suspension.reason();
    }

    private static ApiException adminOnly(String what) {
        return ApiException.forbidden("ADMIN_ONLY", what + " needs the admin role");
    }
}
