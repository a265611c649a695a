package club.pente.game.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The board: sanctions in force from their arrival when this host's clock is behind, and replays that replace it whole. */
class SanctionsBoardTest {
    private static final StaffActor ADMIN = new StaffActor("admin-id", "admin", StaffRole.ADMIN);
    private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");

    /** A clock the test moves. */
    private static final class Hands extends Clock {
        Instant now = T0;

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final Hands clock = new Hands();
    private final SanctionsBoard board = new SanctionsBoard(clock);

    private static PlayerSanctions suspended(String player, String id, Instant since) {
        return new PlayerSanctions(Contracts.SCHEMA_VERSION, "e-" + id, player,
                new PlayerSanctions.Suspension(id, since, null, "cheating", true, ADMIN), null, since);
    }

    private static PlayerSanctions muted(String player, String id, Instant since, PlayerSanctions.Suspension suspension) {
        return new PlayerSanctions(Contracts.SCHEMA_VERSION, "m-" + id, player, suspension,
                new PlayerSanctions.Mute(id, since, since.plus(Duration.ofHours(1)), "insults", ADMIN), since);
    }

    private static PlayerSanctions lifted(String player) {
        return new PlayerSanctions(Contracts.SCHEMA_VERSION, "lift-" + player, player, null, null, T0);
    }

    @Test
    void aSuspensionFromAClockAheadOfOursIsInForceFromItsArrival() {
        // matchmaking's clock is 5 s ahead: its since is still in the future here
        board.apply(suspended("p1", "s1", T0.plusSeconds(5)));
        PlayerSanctions seen = board.of("p1");
        assertThat(seen.suspendedAt(T0)).isTrue();
        assertThat(seen.suspension().since()).isEqualTo(T0);
        assertThat(board.held("p1").received().suspension().since()).isEqualTo(T0.plusSeconds(5));

        board.apply(muted("p2", "m1", T0.plusSeconds(5), null));
        assertThat(board.of("p2").mutedAt(T0)).isTrue();
    }

    @Test
    void aSuspensionFromAClockBehindOursKeepsItsSince() {
        board.apply(suspended("p1", "s1", T0.minusSeconds(60)));
        assertThat(board.of("p1").suspension().since()).isEqualTo(T0.minusSeconds(60));
    }

    @Test
    void theSameSuspensionAgainKeepsItsFirstArrival() {
        board.apply(suspended("p1", "s1", T0.plusSeconds(5)));
        clock.now = T0.plusSeconds(3);
        PlayerSanctions.Suspension same = board.held("p1").received().suspension();
        board.apply(muted("p1", "m1", T0.plusSeconds(8), same)); // a mute added: the suspension did not arrive anew
        assertThat(board.of("p1").suspension().since()).isEqualTo(T0);
        assertThat(board.held("p1").suspensionArrived()).isEqualTo(T0);
        assertThat(board.held("p1").muteArrived()).isEqualTo(T0.plusSeconds(3));

        clock.now = T0.plusSeconds(4);
        SanctionsBoard.Replay replay = board.replay();
        replay.apply(suspended("p1", "s1", T0.plusSeconds(5)));
        board.swapIn(replay);
        assertThat(board.held("p1").suspensionArrived()).isEqualTo(T0);

        board.apply(suspended("p1", "s2", T0.plusSeconds(9))); // a new suspension arrives now
        assertThat(board.held("p1").suspensionArrived()).isEqualTo(T0.plusSeconds(4));
    }

    @Test
    void aReplayReplacesTheBoardOnlyOnceCaughtUpAndDropsWhatTheTopicNoLongerHolds() {
        board.apply(suspended("gone", "s-gone", T0)); // its tombstone was compacted away while the feed was reopening
        board.apply(suspended("kept", "s-kept", T0));

        SanctionsBoard.Replay replay = board.replay();
        replay.apply(suspended("lifted", "s-old", T0)); // an old suspension, lifted further on in the topic
        assertThat(board.of("lifted")).as("the replay does not show through before it is caught up").isNull();
        replay.apply(lifted("lifted"));
        replay.apply(suspended("kept", "s-kept", T0));
        assertThat(board.of("gone")).as("the board answers from what it held until the swap").isNotNull();

        board.swapIn(replay);
        assertThat(board.of("gone")).isNull();
        assertThat(board.of("lifted")).isNull();
        assertThat(board.of("kept").suspension().id()).isEqualTo("s-kept");
        assertThat(board.size()).isEqualTo(1);

        board.apply(lifted("kept")); // after the swap the tail goes straight to the board
        assertThat(board.of("kept")).isNull();
    }
}
