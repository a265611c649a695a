package club.pente.game.application;

import club.pente.game.domain.Vacations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One batch's view of the vacation days: what the ledger said was used when the batch began, plus what the
 * batch draws. The ledger's commit draws them again under {@code used + days <= allowance}; another instance that
 * drew the same player's last day in the meantime makes it fail as stale, and the batch is decided again.
 */
final class VacationBook implements Vacations {
    private final int allowance;
    private final Map<GameLedger.VacationKey, Integer> used;
    private final Map<GameLedger.VacationKey, Integer> drawn = new LinkedHashMap<>();

    VacationBook(int allowance, Map<GameLedger.VacationKey, Integer> used) {
        this.allowance = allowance;
        this.used = used;
    }

    @Override
    public boolean draw(String playerId, int year) {
        GameLedger.VacationKey key = new GameLedger.VacationKey(playerId, year);
        int already = used.getOrDefault(key, 0) + drawn.getOrDefault(key, 0);
        if (already >= allowance) {
            return false;
        }
        drawn.merge(key, 1, Integer::sum);
        return true;
    }

    List<GameLedger.VacationDraw> draws() {
        List<GameLedger.VacationDraw> draws = new ArrayList<>(drawn.size());
        drawn.forEach((key, days) -> draws.add(new GameLedger.VacationDraw(key.playerId(), key.year(), days, allowance)));
        return draws;
    }
}
