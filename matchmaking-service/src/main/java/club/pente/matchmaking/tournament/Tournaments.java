package club.pente.matchmaking.tournament;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.Ids;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.TournamentGameReady;
import club.pente.core.rules.Color;
import club.pente.core.rules.Status;
import club.pente.identity.RateLimiter;
import club.pente.kit.rest.ApiException;
import club.pente.matchmaking.application.AfterCommit;
import club.pente.matchmaking.application.Sanction;
import club.pente.matchmaking.application.SanctionRules;
import club.pente.matchmaking.persistence.JdbcFailure;
import club.pente.matchmaking.persistence.Outbox;
import club.pente.matchmaking.tournament.TournamentRecords.Board;
import club.pente.matchmaking.tournament.TournamentRecords.Entrant;
import club.pente.matchmaking.tournament.TournamentRecords.Tournament;
import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Tournaments as the database holds them: entries before the start, then the rounds. Every change takes the
 * tournament's row lock first, so two instances (the scheduler of each, the game-event consumer, requests) never
 * pair a round twice or start a tournament twice; games are created through the outbox (CreateGame) in the same
 * transaction as the pairing that decided them.
 */
@ApplicationScoped
public class Tournaments {
    private static final Logger LOG = Logger.getLogger(Tournaments.class);
    private static final int ATTEMPTS = 5;

    /** A tournament with everything its page shows. */
    public record Detail(Tournament tournament, List<Entrant> entrants, List<Board> boards, List<Standings.Line> standings) {
    }

    /** The list page: upcoming (open), running, finished or cancelled (newest first). */
    public record Listing(List<Tournament> upcoming, List<Tournament> running, List<Tournament> finished) {
    }

    private final DataSource dataSource;
    private final TournamentSettings settings;
    private final AfterCommit afterCommit;
    private final RateLimiter requests;

    public Tournaments(DataSource dataSource, TournamentSettings settings, AfterCommit afterCommit) {
        this.dataSource = dataSource;
        this.settings = settings;
        this.afterCommit = afterCommit;
        this.requests = new RateLimiter(settings.requestsPerMinute(), Duration.ofMinutes(1));
    }

    /**
     * Counted in this instance before any database work: a script creating, joining and leaving in a loop gets 429s
     * with Retry-After instead of churning the tables (and the open list everyone reads).
     */
    public void requestMade(String playerId) {
        requests.tryAcquire(playerId).ifPresent(wait -> {
            throw ApiException.tooManyRequests("TOO_MANY_TOURNAMENT_REQUESTS", "at most " + requests.limit()
                    + " tournament creations, entries and withdrawals a minute per player; try again later", RateLimiter.retryAfterSeconds(wait));
        });
    }

    public TournamentSettings settings() {
        return settings;
    }

    public Tournament create(TournamentSpec spec, PlayerRef creator) {
        String id = Contracts.newId();
        return run(store -> {
            requireNotSuspended(store, creator);
            if (store.openOf(creator.id()) >= settings.openPerCreator()) {
                throw ApiException.conflict("TOO_MANY_OPEN_TOURNAMENTS",
                        "at most " + settings.openPerCreator() + " of your tournaments may be waiting for their start");
            }
            store.insert(id, spec, creator, Contracts.now());
            return store.find(id);
        });
    }

    public Detail detail(String id) {
        return run(store -> {
            Tournament tournament = store.find(id);
            if (tournament == null) {
                throw ApiException.notFound("TOURNAMENT_NOT_FOUND", "no tournament " + id);
            }
            return detail(store, tournament);
        });
    }

    public Listing list() {
        return run(store -> new Listing(store.byStatus("t.status = 'OPEN'", "t.starts_at, t.id", 100),
                store.byStatus("t.status = 'RUNNING'", "t.started_at desc, t.id", 100),
                store.byStatus("t.status in ('FINISHED', 'CANCELLED')", "t.finished_at desc, t.id", 50)));
    }

    public Detail join(String id, PlayerRef player) {
        return run(store -> {
            Tournament tournament = open(store, id);
            List<Entrant> entrants = store.entrants(id);
            if (entrants.stream().noneMatch(e -> e.id().equals(player.id()))) {
                requireNotSuspended(store, player);
                if (entrants.size() >= tournament.maxPlayers()) {
                    throw ApiException.conflict("TOURNAMENT_FULL", "the tournament has its " + tournament.maxPlayers() + " players");
                }
                store.join(id, player, Contracts.now());
            }
            return detail(store, store.find(id));
        });
    }

    public Detail leave(String id, String playerId) {
        return run(store -> {
            open(store, id);
            store.leave(id, playerId);
            return detail(store, store.find(id));
        });
    }

    /** Staff, or the creator before the start. */
    public Detail cancel(String id, String by, boolean staff, String reason) {
        return run(store -> {
            Tournament tournament = store.lock(id);
            if (tournament == null) {
                throw ApiException.notFound("TOURNAMENT_NOT_FOUND", "no tournament " + id);
            }
            if (!staff && !(tournament.createdBy().id().equals(by) && tournament.status() == TournamentStatus.OPEN)) {
                throw ApiException.forbidden("NOT_YOURS", "only staff, or its creator before the start, may cancel a tournament");
            }
            if (!store.cancel(id, reason, Contracts.now())) {
                throw ApiException.conflict("TOURNAMENT_OVER", "the tournament is " + tournament.status());
            }
            return detail(store, store.find(id));
        });
    }

    /** One scheduler pass: start what is due, pair the next round where one is complete. Returns the changes made. */
    public int tick() {
        int changes = run(store -> {
            int n = 0;
            Instant now = Contracts.now();
            for (String id : store.lockDue(now)) {
                start(store, store.find(id), now);
                n++;
            }
            return n;
        });
        changes += run(store -> {
            int n = 0;
            for (String id : store.lockRunningWithRoundDone()) {
                advance(store, store.find(id), Contracts.now());
                n++;
            }
            return n;
        });
        if (changes > 0) {
            afterCommit.outboxWritten();
        }
        return changes;
    }

    /**
     * A game of a tournament ended: its result and points recorded once (a repeat of the event changes nothing), and
     * when it was the round's last game the next round is paired at once (the scheduler would do it on its next pass).
     */
    public boolean gameEnded(GameEnded ended) {
        boolean changed = run(store -> {
            String id = store.tournamentOfGame(ended.gameId());
            if (id == null || !id.equals(ended.tournamentId())) {
                return false;
            }
            Tournament tournament = store.lock(id);
            Standings.Scored scored = Standings.score(ended.result(), ended.reason(), ended.points(), settings.forfeitPoints());
            if (!store.record(ended.gameId(), scored.result().name(), ended.reason() == null ? null : ended.reason().name(),
                    scored.whitePoints(), scored.blackPoints(), ended.occurredAt() == null ? Contracts.now() : ended.occurredAt())) {
                return false;
            }
            advanceIfRoundDone(store, tournament);
            return true;
        });
        if (changed) {
            afterCommit.outboxWritten();
        }
        return changed;
    }

    /**
     * The game service refused a board's CreateGame (a MoveRejected of version 0 carrying that CreateGame's command id,
     * e.g. SUSPENDED): the game will never exist. The refusal does not say which player was refused (the game service
     * names neither, and always puts White in {@code playerId}), so when it is SUSPENDED and exactly one of the two is
     * suspended here, that one forfeits the board (the other wins it with the forfeit points, as against a no-show);
     * otherwise it is recorded as {@link Board#REFUSED}, a loss for both with 0 points each. Recorded once (a
     * redelivered refusal changes nothing), and the next round is paired when it was the round's last open board. Any
     * other rejection is not for a tournament here.
     */
    public boolean createRefused(MoveRejected rejected) {
        if (rejected.version() != 0 || rejected.reason() == RejectionReason.GAME_EXISTS
                || !Ids.isId(rejected.commandId()) || !Ids.isId(rejected.gameId())) {
            return false;
        }
        String reason = rejected.reason() == null ? "UNKNOWN" : rejected.reason().name();
        boolean changed = run(store -> {
            String id = store.tournamentOfCreate(rejected.gameId(), rejected.commandId());
            if (id == null) {
                return false;
            }
            Tournament tournament = store.lock(id);
            Instant at = rejected.occurredAt() == null ? Contracts.now() : rejected.occurredAt();
            Color forfeited = rejected.reason() == RejectionReason.SUSPENDED ? suspendedSide(store, rejected.gameId(), Contracts.now()) : null;
            boolean recorded = forfeited == null
                    ? store.record(rejected.gameId(), Board.REFUSED, reason, 0, 0, at)
                    : store.record(rejected.gameId(), Status.winFor(forfeited.opponent()).name(), reason,
                    forfeited == Color.BLACK ? settings.forfeitPoints() : 0, forfeited == Color.WHITE ? settings.forfeitPoints() : 0, at);
            if (!recorded) {
                return false;
            }
            advanceIfRoundDone(store, tournament);
            return true;
        });
        if (changed) {
            LOG.warnf("the game service refused tournament game %s (%s): a forfeit", rejected.gameId(), reason);
            afterCommit.outboxWritten();
        }
        return changed;
    }

    // --- inside a transaction holding the tournament's lock ---------------------------------------------------------

    /**
     * The side of a refused board whose account is suspended here (matchmaking keeps the sanctions the game service
     * enforces), or null when neither or both are: then nobody can be blamed and the board is lost by both.
     */
    private static Color suspendedSide(TournamentStore store, String gameId, Instant now) {
        Board board = store.board(gameId);
        if (board == null || board.bye()) {
            return null;
        }
        boolean white = store.suspensionInForce(board.whiteId(), now) != null;
        boolean black = store.suspensionInForce(board.blackId(), now) != null;
        return white == black ? null : white ? Color.WHITE : Color.BLACK;
    }

    /** A suspended account neither creates nor joins a tournament (guests are never suspended: no query). */
    private static void requireNotSuspended(TournamentStore store, PlayerRef player) {
        if (player.kind() != PlayerRef.Kind.ACCOUNT) {
            return;
        }
        Sanction suspension = store.suspensionInForce(player.id(), Contracts.now());
        if (suspension != null) {
            throw ApiException.forbidden("SUSPENDED", SanctionRules.suspendedMessage(suspension));
        }
    }

    private void advanceIfRoundDone(TournamentStore store, Tournament tournament) {
        if (tournament.status() == TournamentStatus.RUNNING
                && store.boards(tournament.id()).stream().noneMatch(b -> b.round() == tournament.currentRound() && !b.ended())) {
            advance(store, tournament, Contracts.now());
        }
    }

    private Tournament open(TournamentStore store, String id) {
        Tournament tournament = store.lock(id);
        if (tournament == null) {
            throw ApiException.notFound("TOURNAMENT_NOT_FOUND", "no tournament " + id);
        }
        if (tournament.status() != TournamentStatus.OPEN || !Contracts.now().isBefore(tournament.startsAt())) {
            throw ApiException.conflict("TOURNAMENT_STARTED", "entries are closed: the tournament is " + tournament.status());
        }
        return tournament;
    }

    private void start(TournamentStore store, Tournament tournament, Instant now) {
        List<Entrant> entrants = store.entrants(tournament.id());
        if (entrants.size() < 2) {
            store.cancel(tournament.id(), "fewer than two players at the start", now);
            LOG.infof("tournament %s cancelled at its start: %d player(s)", tournament.id(), entrants.size());
            return;
        }
        // Rounds beyond what the field allows without a repeat (or, round robin, beyond everyone meeting once) are dropped.
        int most = RoundRobin.rounds(entrants.size());
        int rounds = tournament.rounds() == null ? most : Math.min(tournament.rounds(), most);
        store.start(tournament.id(), rounds, now);
        pair(store, store.find(tournament.id()), 1, now);
    }

    private void advance(TournamentStore store, Tournament tournament, Instant now) {
        if (tournament.status() != TournamentStatus.RUNNING) {
            return;
        }
        List<Board> boards = store.boards(tournament.id());
        if (boards.stream().anyMatch(b -> b.round() == tournament.currentRound() && !b.ended())) {
            return;
        }
        if (tournament.currentRound() >= tournament.rounds()) {
            store.finish(tournament.id(), now);
            LOG.infof("tournament %s finished after %d rounds", tournament.id(), tournament.rounds());
            return;
        }
        pair(store, tournament, tournament.currentRound() + 1, now);
    }

    private void pair(TournamentStore store, Tournament tournament, int round, Instant now) {
        List<Entrant> entrants = store.entrants(tournament.id());
        List<String> seeds = entrants.stream().map(Entrant::id).toList();
        RoundPairing pairing;
        if (tournament.format() == Format.ROUND_ROBIN) {
            pairing = RoundRobin.round(seeds, round);
        } else {
            List<Board> boards = store.boards(tournament.id());
            List<String> order = Standings.order(standings(tournament, seeds, boards));
            pairing = SwissPairing.pair(order, History.of(rounds(boards)));
        }
        Map<String, PlayerRef> refs = new HashMap<>();
        entrants.forEach(e -> refs.put(e.id(), e.ref()));
        TimeControl timeControl = TournamentSpec.timeControlOf(tournament.timeControl());
        int board = 1;
        for (Pair pair : pairing.games()) {
            PlayerRef white = refs.get(pair.white());
            PlayerRef black = refs.get(pair.black());
            String gameId = Contracts.newId();
            CreateGame command = new CreateGame(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, white, black, false,
                    timeControl, now, tournament.variant(), tournament.id());
            store.addGame(tournament.id(), round, board++, gameId, command.commandId(), white.id(), black.id(), now);
            store.outbox(Outbox.Channel.COMMANDS.name(), gameId, CreateGame.class.getSimpleName(), json(command), now);
            for (Color colour : Color.values()) {
                PlayerRef player = colour == Color.WHITE ? white : black;
                TournamentGameReady ready = new TournamentGameReady(Contracts.SCHEMA_VERSION, Contracts.newId(), player.id(),
                        tournament.id(), round, gameId, colour, colour == Color.WHITE ? black : white, tournament.variant(),
                        timeControl, now);
                store.outbox(Outbox.Channel.NOTIFICATIONS.name(), ready.key(), TournamentGameReady.class.getSimpleName(), json(ready), now);
            }
        }
        if (pairing.bye() != null) {
            store.addBye(tournament.id(), round, board, pairing.bye(), settings.forfeitPoints(), now);
        }
        store.round(tournament.id(), round);
        LOG.infof("tournament %s round %d paired: %d game(s)%s", tournament.id(), round, pairing.games().size(),
                pairing.bye() == null ? "" : ", a bye");
    }

    private Detail detail(TournamentStore store, Tournament tournament) {
        List<Entrant> entrants = store.entrants(tournament.id());
        List<Board> boards = store.boards(tournament.id());
        return new Detail(tournament, entrants, boards,
                standings(tournament, entrants.stream().map(Entrant::id).toList(), boards));
    }

    private List<Standings.Line> standings(Tournament tournament, List<String> seeds, List<Board> boards) {
        List<Standings.Game> games = new ArrayList<>();
        List<String> byes = new ArrayList<>();
        for (Board board : boards) {
            if (board.bye()) {
                byes.add(board.whiteId());
            } else if (board.refused() && seeds.contains(board.whiteId()) && seeds.contains(board.blackId())) {
                games.add(Standings.Game.bothForfeited(board.whiteId(), board.blackId()));
            } else if (board.ended() && seeds.contains(board.whiteId()) && seeds.contains(board.blackId())) {
                games.add(new Standings.Game(board.whiteId(), board.blackId(), Status.valueOf(board.result()),
                        board.whitePoints(), board.blackPoints()));
            }
        }
        // Byes are stored with their points at the time; the table counts the current forfeit value for each.
        return Standings.compute(seeds, games, byes, settings.forfeitPoints(), tournament.ranking());
    }

    /** The rounds as pairings, for the Swiss history (who met whom, colours, byes). */
    static List<RoundPairing> rounds(List<Board> boards) {
        Map<Integer, List<Pair>> games = new java.util.TreeMap<>();
        Map<Integer, String> byes = new HashMap<>();
        for (Board board : boards) {
            games.computeIfAbsent(board.round(), r -> new ArrayList<>());
            if (board.bye()) {
                byes.put(board.round(), board.whiteId());
            } else {
                games.get(board.round()).add(new Pair(board.whiteId(), board.blackId()));
            }
        }
        List<RoundPairing> rounds = new ArrayList<>();
        games.forEach((round, pairs) -> rounds.add(new RoundPairing(pairs, byes.get(round))));
        return rounds;
    }

    private static String json(Object value) {
        try {
            return Contracts.json().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value, e);
        }
    }

    /** One transaction; deadlocks and serialization failures retried from the start. */
    private <T> T run(Function<TournamentStore, T> work) {
        for (int attempt = 1; ; attempt++) {
            SQLException failure;
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    T result = work.apply(new TournamentStore(connection));
                    connection.commit();
                    return result;
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                }
            } catch (SQLException e) {
                failure = e;
            } catch (JdbcFailure e) {
                failure = e.sqlException();
            }
            if (attempt < ATTEMPTS && ("40001".equals(failure.getSQLState()) || "40P01".equals(failure.getSQLState()))) {
                continue;
            }
            throw new JdbcFailure(failure);
        }
    }
}
