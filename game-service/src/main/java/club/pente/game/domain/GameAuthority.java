package club.pente.game.domain;

import club.pente.core.contract.Abort;
import club.pente.core.contract.ClaimTimeout;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.Resign;
import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.core.rules.Announcements;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Decides what a command does to a game: the rules come from pente-core, clocks and results that the
 * board does not decide (resignation, time, abort) are added here. Plain Java: it mutates the
 * {@link LiveGame} it is given and returns the events to publish; persistence is someone else's job.
 */
public final class GameAuthority {
    private final Supplier<String> eventIds;

    public GameAuthority(Supplier<String> eventIds) {
        this.eventIds = eventIds;
    }

    public GameAuthority() {
        this(Contracts::newId);
    }

    /** {@code game} is the current state, or null when no game has this id. */
    public Decision decide(LiveGame game, GameCommand command, Instant now) {
        if (command instanceof CreateGame create) {
            return create(game, create, now);
        }
        if (game == null) {
            return reject(null, command, RejectionReason.UNKNOWN_GAME, "no game with id " + command.gameId(), now);
        }
        if (command instanceof PlayMove move) {
            return play(game, move, now);
        }
        if (command instanceof Resign resign) {
            return resign(game, resign, now);
        }
        if (command instanceof Abort abort) {
            return abort(game, abort, now);
        }
        return claimTimeout(game, (ClaimTimeout) command, now);
    }

    private Decision create(LiveGame existing, CreateGame command, Instant now) {
        if (existing != null) {
            return reject(existing, command, RejectionReason.GAME_EXISTS, "game " + command.gameId() + " already exists", now);
        }
        if (command.ranked() && (command.white().kind() != PlayerRef.Kind.ACCOUNT || command.black().kind() != PlayerRef.Kind.ACCOUNT)) {
            return reject(null, command, RejectionReason.FORBIDDEN, "ranked games are between two accounts", now);
        }
        LiveGame game = LiveGame.fresh(command.gameId(), command.white(), command.black(), command.ranked(), command.timeControl(), now);
        GameStarted started = new GameStarted(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), game.white(), game.black(), game.ranked(), game.timeControl(), game.clocks(now));
        return new Decision.Created(game, started);
    }

    private Decision play(LiveGame game, PlayMove command, Instant now) {
        Position position = game.position();
        Color mover = game.colorOf(command.playerId());
        if (game.isOver()) {
            return reject(game, command, RejectionReason.GAME_OVER, "the game is over (" + game.result() + ", " + game.reason() + ")", now);
        }
        if (mover == null) {
            return reject(game, command, RejectionReason.NOT_A_PLAYER, command.playerId() + " does not play in this game", now);
        }
        if (mover != position.toMove()) {
            return reject(game, command, RejectionReason.NOT_YOUR_TURN, "it is " + position.toMove().name().toLowerCase() + "'s turn", now);
        }
        if (command.expectedPly() != position.ply() + 1) {
            return reject(game, command, RejectionReason.STALE_PLY,
                    "the move would be ply " + (position.ply() + 1) + ", not " + command.expectedPly(), now);
        }
        if (!game.timeControl().untimed() && game.remainingMillis(mover, now) <= 0) {
            GameEnded ended = end(game, command, Status.winFor(mover.opponent()), EndReason.TIMEOUT, game.deadline(), now);
            return new Decision.Ended(game, ended, rejection(game, command, RejectionReason.GAME_OVER, "your time ran out", now));
        }
        int point;
        try {
            point = Notation.parse(command.point());
        } catch (NotationException e) {
            return reject(game, command, RejectionReason.BAD_NOTATION, e.getMessage(), now);
        }
        MoveError error = position.check(point);
        if (error != null) {
            return reject(game, command, RejectionReason.of(error), command.point() + ": " + error.message(), now);
        }

        game.chargeMove(mover, now);
        position.apply(point);
        int ply = position.ply();
        List<String> captured = new ArrayList<>();
        for (int p : position.capturedAt(ply)) {
            captured.add(Notation.format(p));
        }
        PerSide pairs = new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
        String notation = Notation.format(point);
        MovePlayed played = new MovePlayed(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), ply, mover, command.playerId(), notation, captured, pairs,
                Announcements.ofLastMove(position), game.clocks(now));
        AppliedMove move = new AppliedMove(game.id(), ply, mover, command.playerId(), notation, captured, command.commandId(),
                game.whiteMillis(), game.blackMillis(), now);
        GameEnded ended = position.status().isOver() ? end(game, command, position.status(), position.reason(), now, now) : null;
        return new Decision.Applied(game, move, played, ended);
    }

    private Decision resign(LiveGame game, Resign command, Instant now) {
        Color color = game.colorOf(command.playerId());
        if (game.isOver()) {
            return reject(game, command, RejectionReason.GAME_OVER, "the game is over", now);
        }
        if (color == null) {
            return reject(game, command, RejectionReason.NOT_A_PLAYER, command.playerId() + " does not play in this game", now);
        }
        return new Decision.Ended(game, end(game, command, Status.winFor(color.opponent()), EndReason.RESIGNATION, now, now), null);
    }

    private Decision abort(LiveGame game, Abort command, Instant now) {
        if (game.isOver()) {
            return reject(game, command, RejectionReason.GAME_OVER, "the game is over", now);
        }
        // No winner; the rating service skips ABORTED games.
        return new Decision.Ended(game, end(game, command, Status.DRAW, EndReason.ABORTED, now, now), null);
    }

    private Decision claimTimeout(LiveGame game, ClaimTimeout command, Instant now) {
        Instant deadline = game.deadline();
        if (deadline == null || now.isBefore(deadline)) {
            return new Decision.Unchanged();
        }
        Color loser = game.position().toMove();
        return new Decision.Ended(game, end(game, command, Status.winFor(loser.opponent()), EndReason.TIMEOUT, deadline, now), null);
    }

    /** Ends the game; {@code endedAt} is when it really ended (a flag falls at the deadline, not when noticed). */
    private GameEnded end(LiveGame game, GameCommand command, Status result, EndReason reason, Instant endedAt, Instant now) {
        game.end(result, reason, endedAt.isAfter(now) ? now : endedAt);
        Position position = game.position();
        PerSide pairs = new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
        PerSide points = new PerSide(points(game, Color.WHITE), points(game, Color.BLACK));
        return new GameEnded(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now, command.commandId(), result, reason,
                game.ranked(), game.white(), game.black(), position.ply(), pairs, points);
    }

    /** One point per captured pair, five more for a pente. */
    private static int points(LiveGame game, Color color) {
        int points = game.position().capturedPairs(color);
        if (game.reason() == EndReason.FIVE_IN_A_ROW && game.result().winner() == color) {
            points += 5;
        }
        return points;
    }

    private Decision reject(LiveGame game, GameCommand command, RejectionReason reason, String message, Instant now) {
        return new Decision.Rejected(rejection(game, command, reason, message, now));
    }

    private MoveRejected rejection(LiveGame game, GameCommand command, RejectionReason reason, String message, Instant now) {
        return new MoveRejected(Contracts.SCHEMA_VERSION, eventIds.get(), command.gameId(), game == null ? 0 : game.version(), now,
                command.commandId(), issuer(command), reason, message);
    }

    private static String issuer(GameCommand command) {
        if (command instanceof PlayMove move) {
            return move.playerId();
        }
        if (command instanceof Resign resign) {
            return resign.playerId();
        }
        if (command instanceof Abort abort) {
            return abort.adminId();
        }
        if (command instanceof CreateGame create) {
            return create.white().id();
        }
        return null;
    }
}
