package club.pente.game.application;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Announcement;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.game.domain.LiveGame;
import io.smallrye.mutiny.Uni;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The read side of the games for the REST API, non-blocking. Each call reads in a session of its own that
 * is closed when its answer arrives, so a caller may go on to wait for Kafka on another thread.
 */
public interface GameReads {
    /** A stored game: the authority's state rebuilt from its row and move log, and the log itself. */
    record StoredGame(LiveGame state, List<StoredMove> moves) {
    }

    /**
     * One move of the log; {@code captured} in notation; {@code announcements} what the move made (computed when
     * the log is replayed); the clocks are both sides' time right after it (0 when untimed).
     */
    record StoredMove(int ply, Color color, String playerId, String point, List<String> captured, Instant playedAt,
                      Set<Announcement> announcements, long whiteMillis, long blackMillis) {
        public StoredMove(int ply, Color color, String playerId, String point, List<String> captured, Instant playedAt) {
            this(ply, color, playerId, point, captured, playedAt, Set.of(), 0, 0);
        }
    }

    /**
     * What a list of games shows of each, without its moves. {@code toMove} is null when the game is over;
     * {@code lastMoveAt} is null before the first move; {@code deadline} is when the side to move loses if it does not
     * move (on time, or a tournament's no-show), null when untimed or over; {@code tournamentId} null outside one.
     */
    record GameListing(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Status status,
                       EndReason reason, int ply, Color toMove, long version, Instant createdAt, Instant lastMoveAt, Instant endedAt,
                       Variant variant, String tournamentId, Instant deadline) {
        public GameListing {
            variant = Variant.orDefault(variant);
        }

        /** A Pente game outside any tournament, without its deadline. */
        public GameListing(String id, PlayerRef white, PlayerRef black, boolean ranked, TimeControl timeControl, Status status,
                           EndReason reason, int ply, Color toMove, long version, Instant createdAt, Instant lastMoveAt, Instant endedAt) {
            this(id, white, black, ranked, timeControl, status, reason, ply, toMove, version, createdAt, lastMoveAt, endedAt,
                    Variant.DEFAULT, null, null);
        }
    }

    /** A live game for staff: its listing and its stored clocks (the side to move's runs from {@code turnStartedAt}). */
    record StaffListing(GameListing game, long whiteMillis, long blackMillis, Instant turnStartedAt) {
    }

    /** A stored chat message; the removal fields are null unless staff removed it. */
    record ChatMessage(String id, ChatChannel channel, long version, String authorId, String authorName, String text,
                       Instant postedAt, Instant removedAt, String removedBy, String removedReason) {
        public boolean removed() {
            return removedAt != null;
        }
    }

    /** What a player's command id did before: the move it placed, or whether it was handled at all. */
    record EarlierCommand(StoredMove appliedAs, boolean handled) {
    }

    /** The game, or null. */
    Uni<StoredGame> find(String gameId);

    /**
     * Games still being played, newest first. Without {@code playerId} (null) untimed games in which nothing
     * happened since {@code idleBefore} are left out (abandoned); with it, every live game of that player.
     */
    Uni<List<GameListing>> live(int limit, String playerId, Instant idleBefore);

    /**
     * The ongoing games of {@code playerId}, at most {@code limit}: those where it is their turn first, the earliest
     * deadline first (untimed last), then the others, the earliest deadline first.
     */
    Uni<List<GameListing>> mine(String playerId, int limit);

    /** Vacation days {@code playerId} has drawn in the UTC calendar {@code year} (0 when none). */
    Uni<Integer> vacationUsed(String playerId, int year);

    /** Every game still being played, idle ones too, newest first, with their clocks (the staff's list). */
    Uni<List<StaffListing>> allLive(int limit);

    /** Finished games, the latest to end first; only {@code playerId}'s when it is not null. */
    Uni<List<GameListing>> finished(int limit, String playerId);

    /** The game's chat messages in version order (removed ones too), or null when there is no such game. */
    Uni<List<ChatMessage>> chat(String gameId);

    /**
     * What the command {@code commandId} of {@code actorId} did in the game: the move it placed (of that
     * player only, so another player's ids reveal nothing), else whether the authority handled it.
     */
    Uni<EarlierCommand> earlier(String gameId, String actorId, String commandId);
}
