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
import club.pente.core.rules.Variant;

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
    private final Variant variant;
    /** The tournament this game is a round of, or null. */
    private final String tournamentId;
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
    /** How long a turn-based "day" lasts (a setting, not state); null where nobody needs it (the read side). */
    private Duration dayLength;

    /** A Pente game outside any tournament (the form before variants). */
    public LiveGame(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl,
                    Instant createdAt, Position position, long version, long whiteMillis, long blackMillis,
                    Instant turnStartedAt) {
        this(id, white, black, ranked, timeControl, Variant.DEFAULT, null, createdAt, position, version, whiteMillis, blackMillis,
                turnStartedAt);
    }

    /** {@code position} must be a board of {@code variant}. */
    public LiveGame(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Variant variant,
                    String tournamentId, Instant createdAt, Position position, long version, long whiteMillis, long blackMillis,
                    Instant turnStartedAt) {
        this.id = id;
        this.white = white;
        this.black = black;
        this.ranked = ranked;
        this.timeControl = timeControl;
        this.variant = Variant.orDefault(variant);
        this.tournamentId = tournamentId;
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
        return fresh(id, white, black, ranked, timeControl, Variant.DEFAULT, null, Duration.ofDays(1), now);
    }

    /**
     * A game about to start on an empty board of {@code variant}: full clocks (turn-based: days per move x
     * {@code dayLength} each), version 0 (GameStarted makes it 1).
     */
    public static LiveGame fresh(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Variant variant,
                                 String tournamentId, Duration dayLength, Instant now) {
        long initial = timeControl.turnBased() ? allowanceMillis(timeControl, dayLength) : timeControl.initialSeconds() * 1000L;
        LiveGame game = new LiveGame(id, white, black, ranked, timeControl, variant, tournamentId, now, new Position(Variant.orDefault(variant)), 0,
                initial, initial, now);
        game.dayLength = dayLength;
        return game;
    }

    private static long allowanceMillis(TimeControl timeControl, Duration dayLength) {
        return dayLength.toMillis() * timeControl.daysPerMove();
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
     * When the game is aborted (in a tournament: lost by a no-show) for want of a first move (ply 0 or 1), or null.
     * The computer is never the one waited for: a slow or restarting ai-service must not call off a person's game
     * (who may abort it themselves). Turn-based games wait for a first move as long as for any move (their clock);
     * only a tournament's round cannot, so there the side that lets its first move's allowance pass is a no-show.
     */
    public Instant firstMoveDeadline() {
        if (isOver() || position.ply() >= 2 || player(position.toMove()).kind() == PlayerRef.Kind.COMPUTER) {
            return null;
        }
        if (timeControl.turnBased()) {
            return tournamentId == null ? null : clockDeadline();
        }
        return firstMoveWindow == null ? null : turnStartedAt.plus(firstMoveWindow);
    }

    /**
     * When the side to move loses if it does not move: on time, or in a tournament also as a no-show; null when
     * nothing of the kind can happen (untimed, over). An abort is no loss, so a casual game's first-move window is
     * not one. Turn-based: before any vacation is drawn.
     */
    public Instant lossDeadline() {
        return tournamentId != null ? deadline() : clockDeadline();
    }

    /** Whether the game ends as a tournament no-show at {@code deadline} (rather than on time or by an abort). */
    public boolean noShowAt(Instant deadline) {
        Instant clock = clockDeadline();
        return tournamentId != null && deadline.equals(firstMoveDeadline()) && (clock == null || !clock.isBefore(deadline));
    }

    /** Set by the authority before it decides (a setting, not state: it is not stored). */
    void firstMoveWindow(Duration window) {
        this.firstMoveWindow = window;
    }

    /**
     * The club's settings this game is decided and shown by: the first-move window and the length of a turn-based
     * day (settings, not state: neither is stored).
     */
    public void rules(Duration firstMoveWindow, Duration dayLength) {
        this.firstMoveWindow = firstMoveWindow;
        this.dayLength = dayLength;
    }

    /** One vacation day for the side to move: its clock gets one more day. */
    void addDay() {
        long day = dayLength.toMillis();
        if (position.toMove() == Color.WHITE) {
            whiteMillis += day;
        } else {
            blackMillis += day;
        }
    }

    public Clocks clocks(Instant now) {
        if (timeControl.untimed()) {
            return null;
        }
        return new Clocks(Math.max(0, remainingMillis(Color.WHITE, now)), Math.max(0, remainingMillis(Color.BLACK, now)));
    }

    /**
     * Charges the mover for the time used, adds the increment and starts the other clock. Turn-based: the mover's
     * clock is set back to the full allowance (days are not banked).
     */
    void chargeMove(Color mover, Instant now) {
        if (timeControl.turnBased()) {
            long full = allowanceMillis(timeControl, dayLength);
            if (mover == Color.WHITE) {
                whiteMillis = full;
            } else {
                blackMillis = full;
            }
        } else if (!timeControl.untimed()) {
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

    public Variant variant() {
        return variant;
    }

    /** The tournament this game is a round of, or null. */
    public String tournamentId() {
        return tournamentId;
    }

    /** The length of a turn-based day this game is decided by, or null when not set. */
    public Duration dayLength() {
        return dayLength;
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
