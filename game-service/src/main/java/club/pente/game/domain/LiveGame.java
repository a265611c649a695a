package club.pente.game.domain;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.Clocks;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The authority's working state of one game: the rules position plus what the platform adds (players,
 * clocks, results that the board does not decide, the event version). Owned by one thread at a time,
 * the consumer of the game's command partition.
 */
public final class LiveGame {
    /** A pending draw offer or takeback request, by {@code color}'s player. */
    public record Offer(OfferKind kind, Color color) {
    }

    /** Staff annulled the finished game: when, who (the staff member's username) and why. */
    public record Annulment(Instant at, String by, String reason) {
    }

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
    private Offer offer;
    /** The staff's reason when staff ended the game (an abort, a forfeit), else null. */
    private String endNote;
    private Annulment annulment;
    /** Every chat message of the game (removed ones too) by id, with its channel; a few hundred at most. */
    private final Map<String, ChatChannel> chat = new HashMap<>();
    private final Set<String> removedChat = new HashSet<>();
    private final int[] chatCounts = new int[ChatChannel.values().length];
    /** How long the player to move may wait at ply 0 or 1 before the game is aborted; null = forever. */
    private Duration firstMoveWindow;

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

    /** Restores what staff added to a finished game after a reload. */
    public void restoreStaffMarks(String endNote, Annulment annulment) {
        this.endNote = endNote;
        this.annulment = annulment;
    }

    /** Restores a pending offer after a reload. */
    public void restoreOffer(Offer offer) {
        this.offer = offer;
    }

    /** Restores a stored chat message after a reload (counts and ids only; the text stays in the database). */
    public void restoreChat(String messageId, ChatChannel channel, boolean removed) {
        if (chat.put(messageId, channel) == null) {
            chatCounts[channel.ordinal()]++;
        }
        if (removed) {
            removedChat.add(messageId);
        }
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

    /**
     * When the clock watch must look at the game: the side to move runs out of time, or (at ply 0 or 1) its
     * first move is overdue, whichever comes first; null for a finished game or an untimed one past ply 1.
     */
    public Instant deadline() {
        Instant clock = clockDeadline();
        Instant first = firstMoveDeadline();
        if (clock == null || first == null) {
            return clock == null ? first : clock;
        }
        return first.isBefore(clock) ? first : clock;
    }

    /** When the side to move runs out of time, or null for an untimed or finished game. */
    public Instant clockDeadline() {
        if (timeControl.untimed() || isOver()) {
            return null;
        }
        long left = position.toMove() == Color.WHITE ? whiteMillis : blackMillis;
        return turnStartedAt.plusMillis(left);
    }

    /**
     * When the game is aborted for want of a first move (ply 0 or 1), or null. The computer is never the one
     * waited for: a slow or restarting ai-service must not call off a person's game (who may abort it themselves).
     */
    public Instant firstMoveDeadline() {
        if (firstMoveWindow == null || isOver() || position.ply() >= 2
                || player(position.toMove()).kind() == PlayerRef.Kind.COMPUTER) {
            return null;
        }
        return turnStartedAt.plus(firstMoveWindow);
    }

    /** Set by the authority before it decides (a setting, not state: it is not stored). */
    void firstMoveWindow(Duration window) {
        this.firstMoveWindow = window;
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

    /**
     * Takes back the last {@code plies} moves: the side to move is charged the time it used so far (nothing is
     * refunded, no increment), then the clock of the new side to move runs from {@code now}.
     */
    void takeBack(int plies, Instant now) {
        stopClockOfSideToMove(now);
        for (int i = 0; i < plies; i++) {
            position.undo();
        }
        turnStartedAt = now;
        offer = null;
    }

    private void stopClockOfSideToMove(Instant now) {
        if (!timeControl.untimed()) {
            Color toMove = position.toMove();
            long left = Math.max(0, remainingMillis(toMove, now));
            if (toMove == Color.WHITE) {
                whiteMillis = left;
            } else {
                blackMillis = left;
            }
        }
    }

    void offer(Offer offer) {
        this.offer = offer;
    }

    void addChat(String messageId, ChatChannel channel) {
        restoreChat(messageId, channel, false);
    }

    void removeChat(String messageId) {
        removedChat.add(messageId);
    }

    /** Stops the clocks at the end: the side to move keeps what it had left. */
    void end(Status result, EndReason reason, Instant now, String note) {
        stopClockOfSideToMove(now);
        offer = null;
        this.result = result;
        this.reason = reason;
        this.endedAt = now;
        this.endNote = note;
    }

    void annul(Annulment annulment) {
        this.annulment = annulment;
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

    /** The staff's reason for ending it (an abort, a forfeit), or null. */
    public String endNote() {
        return endNote;
    }

    /** The annulment of a finished game, or null. */
    public Annulment annulment() {
        return annulment;
    }

    /** The pending offer, or null. */
    public Offer offer() {
        return offer;
    }

    public int chatCount(ChatChannel channel) {
        return chatCounts[channel.ordinal()];
    }

    /** The channel of a message that exists and is not removed, else null. */
    public ChatChannel visibleChat(String messageId) {
        return removedChat.contains(messageId) ? null : chat.get(messageId);
    }
}
