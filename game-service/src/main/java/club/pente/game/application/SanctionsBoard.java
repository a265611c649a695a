package club.pente.game.application;

import club.pente.core.contract.PlayerSanctions;
import club.pente.game.domain.Sanctions;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every player's latest sanctions as this instance has read them from {@code pente.admin.sanctions} (the whole
 * compacted topic, then its tail): what the authority consults on every command. Players without sanctions are
 * absent, so the common case is one lookup that finds nothing.
 */
@ApplicationScoped
public class SanctionsBoard implements Sanctions {
    private final Map<String, PlayerSanctions> byPlayer = new ConcurrentHashMap<>();

    @Override
    public PlayerSanctions of(String playerId) {
        return byPlayer.get(playerId);
    }

    /** The player's sanctions now (the last record per player is the truth); one with neither part clears them. */
    public void apply(PlayerSanctions sanctions) {
        if (sanctions.suspension() == null && sanctions.mute() == null) {
            byPlayer.remove(sanctions.playerId());
        } else {
            byPlayer.put(sanctions.playerId(), sanctions);
        }
    }

    /** A tombstone: the player has no sanctions. */
    public void clear(String playerId) {
        byPlayer.remove(playerId);
    }

    public int size() {
        return byPlayer.size();
    }
}
