package club.pente.game.application;

import club.pente.core.contract.PlayerSanctions;
import club.pente.game.domain.Sanctions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every player's latest sanctions as this instance has read them from {@code pente.admin.sanctions} (the whole
 * compacted topic, then its tail): what the authority consults on every command. Players without sanctions are
 * absent, so the common case is one lookup that finds nothing.
 * <p>
 * A suspension's or mute's {@code since} comes from matchmaking's clock; when this host's clock is behind, the record
 * would look "not yet in force" here. So the board hands the authority each part with {@code since} = the earlier of
 * its {@code since} and when its record arrived here (this host's clock): in force from the moment we know of it,
 * and "created at or after" compares game creation times with a time of the same clock.
 */
@ApplicationScoped
public class SanctionsBoard implements Sanctions {
    /** A player's record as received, what the authority sees (since adjusted), and when each part arrived here. */
    public record Held(PlayerSanctions received, PlayerSanctions effective, Instant suspensionArrived, Instant muteArrived) {
    }

    private final Clock clock;
    private volatile Map<String, Held> byPlayer = new ConcurrentHashMap<>();

    @Inject
    public SanctionsBoard(Clock clock) {
        this.clock = clock;
    }

    @Override
    public PlayerSanctions of(String playerId) {
        Held held = byPlayer.get(playerId);
        return held == null ? null : held.effective();
    }

    /** The player's sanctions as received and when they arrived, or null. */
    public Held held(String playerId) {
        return byPlayer.get(playerId);
    }

    /** The player's sanctions now (the last record per player is the truth); one with neither part clears them. */
    public void apply(PlayerSanctions sanctions) {
        apply(byPlayer, byPlayer, sanctions, clock.instant());
    }

    /** A tombstone: the player has no sanctions. */
    public void clear(String playerId) {
        byPlayer.remove(playerId);
    }

    public int size() {
        return byPlayer.size();
    }

    /**
     * A replay of the whole topic into a fresh map, so that what the topic no longer holds (a lift, a tombstone
     * compacted away) does not survive a reopen; the board keeps answering from the old map until {@link #swapIn}.
     * Arrival times of the parts the board already holds are kept (a replay is not a new arrival).
     */
    public Replay replay() {
        return new Replay(byPlayer);
    }

    /** The replay, caught up, becomes the board. */
    public void swapIn(Replay replay) {
        byPlayer = new ConcurrentHashMap<>(replay.fresh);
    }

    public final class Replay {
        private final Map<String, Held> previous;
        private final Map<String, Held> fresh = new HashMap<>();

        private Replay(Map<String, Held> previous) {
            this.previous = previous;
        }

        public void apply(PlayerSanctions sanctions) {
            Instant now = clock.instant();
            SanctionsBoard.apply(fresh, previous, sanctions, now);
        }

        public void clear(String playerId) {
            fresh.remove(playerId);
        }

        public int size() {
            return fresh.size();
        }
    }

    private static void apply(Map<String, Held> into, Map<String, Held> known, PlayerSanctions sanctions, Instant now) {
        if (sanctions.suspension() == null && sanctions.mute() == null) {
            into.remove(sanctions.playerId());
            return;
        }
        Held before = into.containsKey(sanctions.playerId()) ? into.get(sanctions.playerId()) : known.get(sanctions.playerId());
        PlayerSanctions.Suspension suspension = sanctions.suspension();
        PlayerSanctions.Mute mute = sanctions.mute();
        Instant suspensionArrived = suspension == null ? null
                : before != null && before.received().suspension() != null && before.received().suspension().id().equals(suspension.id())
                ? before.suspensionArrived() : now;
        Instant muteArrived = mute == null ? null
                : before != null && before.received().mute() != null && before.received().mute().id().equals(mute.id())
                ? before.muteArrived() : now;
        PlayerSanctions.Suspension effectiveSuspension = suspension == null || !suspensionArrived.isBefore(suspension.since()) ? suspension
                : new PlayerSanctions.Suspension(suspension.id(), suspensionArrived, suspension.until(), suspension.reason(),
                suspension.forfeitLiveGames(), suspension.staff());
        PlayerSanctions.Mute effectiveMute = mute == null || !muteArrived.isBefore(mute.since()) ? mute
                : new PlayerSanctions.Mute(mute.id(), muteArrived, mute.until(), mute.reason(), mute.staff());
        PlayerSanctions effective = effectiveSuspension == suspension && effectiveMute == mute ? sanctions
                : new PlayerSanctions(sanctions.schemaVersion(), sanctions.eventId(), sanctions.playerId(), effectiveSuspension,
                effectiveMute, sanctions.changedAt());
        into.put(sanctions.playerId(), new Held(sanctions, effective, suspensionArrived, muteArrived));
    }
}
