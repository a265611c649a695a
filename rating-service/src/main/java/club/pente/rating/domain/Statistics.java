package club.pente.rating.domain;

import club.pente.core.rules.EndReason;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Results of all finished games seen (aborted ones excluded): wins by colour, draws, and the share of
 * each in percent with one decimal, rounded half up (0 when there are no games yet).
 */
public record Statistics(long games, long whiteWins, long blackWins, long draws,
                         double whiteWinPercent, double blackWinPercent, double drawPercent,
                         Map<String, Long> byReason) {

    /** The end reasons a counted game can have, in the order they are reported (NO_SHOW: a tournament game, issue 18). */
    public static final EndReason[] REASONS = {EndReason.FIVE_IN_A_ROW, EndReason.FIVE_CAPTURES, EndReason.RESIGNATION,
            EndReason.TIMEOUT, EndReason.BOARD_FULL, EndReason.ABANDONMENT, EndReason.AGREEMENT, EndReason.NO_SHOW};

    public static Statistics of(long whiteWins, long blackWins, long draws, Map<EndReason, Long> reasons) {
        long games = whiteWins + blackWins + draws;
        Map<String, Long> byReason = new LinkedHashMap<>();
        Map<EndReason, Long> known = new EnumMap<>(EndReason.class);
        known.putAll(reasons);
        for (EndReason reason : REASONS) {
            byReason.put(reason.name(), known.getOrDefault(reason, 0L));
        }
        return new Statistics(games, whiteWins, blackWins, draws,
                percent(whiteWins, games), percent(blackWins, games), percent(draws, games), byReason);
    }

    public static double percent(long part, long whole) {
        if (whole == 0) {
            return 0.0;
        }
        return BigDecimal.valueOf(part * 100L).divide(BigDecimal.valueOf(whole), 1, RoundingMode.HALF_UP).doubleValue();
    }
}
