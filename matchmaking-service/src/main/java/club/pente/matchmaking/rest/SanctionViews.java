package club.pente.matchmaking.rest;

import club.pente.core.contract.StaffActor;
import club.pente.matchmaking.application.Sanction;
import club.pente.matchmaking.application.SanctionService;

import java.time.Instant;
import java.util.List;

/** The JSON of sanctions, for staff and for the sanctioned player. */
final class SanctionViews {
    private SanctionViews() {
    }

    /** until null: until lifted. */
    record SuspensionView(String id, Instant since, Instant until, String reason, boolean forfeitLiveGames, StaffActor staff) {
    }

    record MuteView(String id, Instant since, Instant until, String reason, StaffActor staff) {
    }

    record HistoryEntry(String id, String kind, Instant since, Instant until, String reason, StaffActor staff, boolean forfeitLiveGames,
                        Instant liftedAt, StaffActor liftedBy, String liftReason, String replacedBy) {
    }

    /** What staff see after a change. */
    record StaffView(String playerId, boolean suspended, SuspensionView suspension, boolean muted, MuteView mute) {
    }

    /** What staff see of a player: the same and the history, newest first. */
    record StaffDetail(String playerId, boolean suspended, SuspensionView suspension, boolean muted, MuteView mute,
                       List<HistoryEntry> history) {
    }

    /** What the player is told of their own sanctions: not which staff member acted. */
    record OwnSuspension(String id, Instant since, Instant until, String reason, boolean forfeitLiveGames) {
    }

    record OwnMute(String id, Instant since, Instant until, String reason) {
    }

    record OwnView(String playerId, boolean suspended, OwnSuspension suspension, boolean muted, OwnMute mute) {
    }

    static StaffView staff(SanctionService.Current current) {
        Sanction s = current.suspension();
        Sanction m = current.mute();
        return new StaffView(current.playerId(), s != null, suspension(s), m != null, mute(m));
    }

    static StaffDetail detail(SanctionService.Current current) {
        Sanction s = current.suspension();
        Sanction m = current.mute();
        return new StaffDetail(current.playerId(), s != null, suspension(s), m != null, mute(m),
                current.history().stream().map(h -> new HistoryEntry(h.id(), h.kind().name(), h.since(), h.until(), h.reason(),
                        h.staff(), h.forfeitLiveGames(), h.liftedAt(), h.liftedBy(), h.liftReason(), h.replacedBy())).toList());
    }

    private static SuspensionView suspension(Sanction s) {
        return s == null ? null : new SuspensionView(s.id(), s.since(), s.until(), s.reason(), s.forfeitLiveGames(), s.staff());
    }

    private static MuteView mute(Sanction m) {
        return m == null ? null : new MuteView(m.id(), m.since(), m.until(), m.reason(), m.staff());
    }

    static OwnView own(SanctionService.Current current) {
        Sanction s = current.suspension();
        Sanction m = current.mute();
        return new OwnView(current.playerId(), s != null,
                s == null ? null : new OwnSuspension(s.id(), s.since(), s.until(), s.reason(), s.forfeitLiveGames()),
                m != null, m == null ? null : new OwnMute(m.id(), m.since(), m.until(), m.reason()));
    }
}
