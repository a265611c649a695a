package club.pente.game.domain;

import club.pente.core.contract.Clocks;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;

import java.time.Duration;
import java.time.Instant;

/**
 * The authority's working state of one game: the rules position plus what the platform adds (players,
 * clocks, results that the board does not decide, the event version). Owned by one thread at a time,
 * the consumer of the game's command partition.
 */
public final class LiveGame {
    private final String id;
    private final PlayerRef white;
    private final PlayerRef black;
    private final boolean ranked;
    private final TimeControl timeControl;
    private final Instant createdAt;
    private final Position position;
    private long version;
    private long whiteMillis;
    private long blackMillis;
    private Instant turnStartedAt;
    private Status result = Status.ONGOING;
    private EndReason reason;
    private Instant endedAt;

    public LiveGame(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl,
                    Instant createdAt, Position position, long version, long whiteMillis, long blackMillis,
                    Instant turnStartedAt) {
        this.id = id;
        this.white = white;
        this.black = black;
        this.ranked = ranked;
        this.timeControl = timeControl;
        this.createdAt = createdAt;
        this.position = position;
        this.version = version;
        this.whiteMillis = whiteMillis;
        this.blackMillis = blackMillis;
        this.turnStartedAt = turnStartedAt;
        if (position.status().isOver()) {
            this.result = position.status();
            this.reason = position.reason();
        }
    }

    /** A game about to start: no moves, full clocks, version 0 (GameStarted makes it 1). */
    public static LiveGame fresh(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Instant now) {
        long initial = timeControl.initialSeconds() * 1000L;
        return new LiveGame(id, white, black, ranked, timeControl, now, new Position(), 0, initial, initial, now);
    }

    /** Restores a result the board did not decide (resignation, time, abort) after a reload. */
    public void restoreResult(Status result, EndReason reason, Instant endedAt) {
        this.result = result;
        this.reason = reason;
        this.endedAt = endedAt;
    }

    public Color colorOf(String playerId) {
        if (white.id().equals(playerId)) {
            return Color.WHITE;
        }
        return black.id().equals(playerId) ? Color.BLACK : null;
    }

    public PlayerRef player(Color color) {
        return color == Color.WHITE ? white : black;
    }

    public boolean isOver() {
        return result.isOver();
    }

    /** Time left to the side to move at {@code now}; the other side's clock is stopped. */
    public long remainingMillis(Color color, Instant now) {
        long stored = color == Color.WHITE ? whiteMillis : blackMillis;
        if (timeControl.untimed() || isOver() || color != position.toMove()) {
            return stored;
        }
        return stored - Duration.between(turnStartedAt, now).toMillis();
    }

    /** When the side to move runs out of time, or null for an untimed or finished game. */
    public Instant deadline() {
        if (timeControl.untimed() || isOver()) {
            return null;
        }
        long left = position.toMove() == Color.WHITE ? whiteMillis : blackMillis;
        return turnStartedAt.plusMillis(left);
    }

    public Clocks clocks(Instant now) {
        if (timeControl.untimed()) {
            return null;
        }
        return new Clocks(Math.max(0, remainingMillis(Color.WHITE, now)), Math.max(0, remainingMillis(Color.BLACK, now)));
    }

    /** Charges the mover for the time used, adds the increment and starts the other clock. */
    void chargeMove(Color mover, Instant now) {
        if (!timeControl.untimed()) {
            long left = remainingMillis(mover, now) + timeControl.incrementSeconds() * 1000L;
            if (mover == Color.WHITE) {
                whiteMillis = left;
            } else {
                blackMillis = left;
            }
        }
        turnStartedAt = now;
    }

    /** Stops the clocks at the end: the side to move keeps what it had left. */
    void end(Status result, EndReason reason, Instant now) {
        if (!timeControl.untimed()) {
            Color toMove = position.toMove();
            long left = Math.max(0, remainingMillis(toMove, now));
            if (toMove == Color.WHITE) {
                whiteMillis = left;
            } else {
                blackMillis = left;
            }
        }
        this.result = result;
        this.reason = reason;
        this.endedAt = now;
    }

    long nextVersion() {
        return ++version;
    }

    public String id() {
        return id;
    }

    public PlayerRef white() {
        return white;
    }

    public PlayerRef black() {
        return black;
    }

    public boolean ranked() {
        return ranked;
    }

    public TimeControl timeControl() {
        return timeControl;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Position position() {
        return position;
    }

    public long version() {
        return version;
    }

    public long whiteMillis() {
        return whiteMillis;
    }

    public long blackMillis() {
        return blackMillis;
    }

    public Instant turnStartedAt() {
        return turnStartedAt;
    }

    public Status result() {
        return result;
    }

    public EndReason reason() {
        return reason;
    }

    public Instant endedAt() {
        return endedAt;
    }
}
