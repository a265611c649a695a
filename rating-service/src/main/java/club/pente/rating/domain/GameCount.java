package club.pente.rating.domain;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.EndReason;

/** How a finished game counts here: not at all, in the statistics only, or also for both players' ratings. */
public enum GameCount {
    /** Aborted by an admin: never counts anywhere. */
    IGNORED,
    /**
     * Casual, with a guest or the computer, or a tournament no-show (nobody played, so there is no strength to
     * measure, and two friends could farm points by not showing up): counts in the statistics, never for ratings.
     */
    STATISTICS_ONLY,
    /** Ranked between two different accounts: statistics and ratings. */
    RATED;

    public static GameCount of(GameEnded ended) {
        if (ended.reason() == EndReason.ABORTED || ended.result() == null || !ended.result().isOver()) {
            return IGNORED;
        }
        boolean accounts = ended.white().kind() == PlayerRef.Kind.ACCOUNT && ended.black().kind() == PlayerRef.Kind.ACCOUNT;
        return ended.ranked() && accounts && ended.reason() != EndReason.NO_SHOW && !ended.white().id().equals(ended.black().id())
                ? RATED : STATISTICS_ONLY;
    }
}
