package club.pente.matchmaking.tournament;

import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Variant;

import java.time.Instant;

/** The rows of V5, as read. */
public final class TournamentRecords {
    private TournamentRecords() {
    }

    public record Tournament(String id, String name, Format format, Integer rounds, Variant variant, String timeControl,
                             Instant startsAt, int maxPlayers, Ranking ranking, TournamentStatus status, int currentRound,
                             PlayerRef createdBy, Instant createdAt, Instant startedAt, Instant finishedAt,
                             String cancelReason, int players) {
    }

    /** An entrant; seed is the join order. */
    public record Entrant(String id, String name, long seed) {
        public PlayerRef ref() {
            return new PlayerRef(id, name);
        }
    }

    /** A board of a round: a game (result null while it runs) or a bye (blackId null, result {@value #BYE}). */
    public record Board(int round, int board, String gameId, String whiteId, String blackId, String result, String reason,
                       Integer whitePoints, Integer blackPoints, Instant endedAt) {
        public static final String BYE = "BYE";
        /**
         * The game service refused the board's CreateGame (a suspended player): the game never existed. Its MoveRejected
         * does not say which player it refused, so both sides score 0 and the board counts as a loss for both.
         */
        public static final String REFUSED = "REFUSED";

        public boolean bye() {
            return blackId == null;
        }

        public boolean ended() {
            return result != null;
        }

        public boolean refused() {
            return REFUSED.equals(result);
        }
    }
}
