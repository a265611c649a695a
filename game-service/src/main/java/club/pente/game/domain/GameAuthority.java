package club.pente.game.domain;

import club.pente.core.contract.Abort;
import club.pente.core.contract.AnnulGame;
import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.ClaimAbandonment;
import club.pente.core.contract.ClaimTimeout;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.ForfeitGame;
import club.pente.core.contract.GameAnnulled;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.MovesTakenBack;
import club.pente.core.contract.OfferDeclined;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.OfferMade;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerAbort;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.RemoveChat;
import club.pente.core.contract.Resign;
import club.pente.core.notation.Notation;
import club.pente.core.notation.NotationException;
import club.pente.core.rules.Announcements;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.MoveError;
import club.pente.core.rules.Position;
import club.pente.core.rules.Status;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Decides what a command does to a game: the rules come from pente-core, clocks and results that the
 * board does not decide (resignation, time, abort) are added here. Plain Java: it mutates the
 * {@link LiveGame} it is given and returns the events to publish; persistence is someone else's job.
 */
public final class GameAuthority {
    /** The default wait for the first move of each side before the game is aborted. */
    public static final Duration FIRST_MOVE_WINDOW = Duration.ofSeconds(30);
    /** Chat stays open this long after the end. */
    public static final Duration CHAT_AFTER_END = Duration.ofMinutes(30);
    /** Messages per channel per game, removed ones included. */
    public static final int MAX_CHAT_PER_CHANNEL = 500;

    /** The length of a turn-based "day" by default: a real one. */
    public static final Duration DAY = Duration.ofDays(1);

    private final Supplier<String> eventIds;
    private final Duration firstMoveWindow;
    private final Duration dayLength;
    private final Sanctions sanctions;

    /**
     * {@code firstMoveWindow}: how long the player to move at ply 0 or 1 may wait before the game is aborted;
     * {@code dayLength}: how long a turn-based "day" lasts (tests shorten it);
     * {@code sanctions}: who is suspended or muted now (kept in memory by the caller).
     */
    public GameAuthority(Supplier<String> eventIds, Duration firstMoveWindow, Duration dayLength, Sanctions sanctions) {
        if (dayLength == null || dayLength.isNegative() || dayLength.isZero()) {
            throw new IllegalArgumentException("a day must last some time");
        }
        this.eventIds = eventIds;
        this.firstMoveWindow = firstMoveWindow;
        this.dayLength = dayLength;
        this.sanctions = sanctions;
    }

    public GameAuthority(Supplier<String> eventIds, Duration firstMoveWindow, Sanctions sanctions) {
        this(eventIds, firstMoveWindow, DAY, sanctions);
    }

    public GameAuthority(Supplier<String> eventIds, Duration firstMoveWindow) {
        this(eventIds, firstMoveWindow, Sanctions.NONE);
    }

    public GameAuthority(Supplier<String> eventIds) {
        this(eventIds, FIRST_MOVE_WINDOW);
    }

    public GameAuthority(Duration firstMoveWindow) {
        this(Contracts::newId, firstMoveWindow);
    }

    public GameAuthority() {
        this(Contracts::newId, FIRST_MOVE_WINDOW);
    }

    /** {@code game} is the current state, or null when no game has this id. Nobody has vacation. */
    public Decision decide(LiveGame game, GameCommand command, Instant now) {
        return decide(game, command, now, Vacations.NONE);
    }

    /**
     * {@code game} is the current state, or null when no game has this id; {@code vacations} are drawn when a
     * turn-based clock has run out.
     */
    public Decision decide(LiveGame game, GameCommand command, Instant now, Vacations vacations) {
        if (command instanceof CreateGame create) {
            return create(game, create, now);
        }
        if (game == null) {
            return reject(null, command, RejectionReason.UNKNOWN_GAME, "no game with id " + command.gameId(), now);
        }
        game.rules(firstMoveWindow, dayLength);
        if (command instanceof PlayMove move) {
            return play(game, move, now, vacations);
        }
        if (command instanceof Resign resign) {
            return resign(game, resign, now);
        }
        if (command instanceof Abort abort) {
            return abort(game, abort, now);
        }
        if (command instanceof ClaimTimeout claim) {
            return claimTimeout(game, claim, now, vacations);
        }
        if (command instanceof MakeOffer offer) {
            return makeOffer(game, offer, now);
        }
        if (command instanceof AnswerOffer answer) {
            return answerOffer(game, answer, now);
        }
        if (command instanceof PlayerAbort abort) {
            return playerAbort(game, abort, now);
        }
        if (command instanceof ClaimAbandonment claim) {
            return claimAbandonment(game, claim, now);
        }
        if (command instanceof PostChat chat) {
            return postChat(game, chat, now);
        }
        if (command instanceof RemoveChat remove) {
            return removeChat(game, remove, now);
        }
        if (command instanceof AnnulGame annul) {
            return annul(game, annul, now);
        }
        if (command instanceof ForfeitGame forfeit) {
            return forfeit(game, forfeit, now);
        }
        throw new IllegalArgumentException("unknown command " + command.getClass().getSimpleName());
    }

    private Decision create(LiveGame existing, CreateGame command, Instant now) {
        if (existing != null) {
            return reject(existing, command, RejectionReason.GAME_EXISTS, "game " + command.gameId() + " already exists", now);
        }
        if (command.ranked() && (command.white().kind() != PlayerRef.Kind.ACCOUNT || command.black().kind() != PlayerRef.Kind.ACCOUNT)) {
            return reject(null, command, RejectionReason.FORBIDDEN, "ranked games are between two accounts", now);
        }
        for (PlayerRef player : List.of(command.white(), command.black())) {
            PlayerSanctions sanctioned = sanctions.of(player.id());
            if (sanctioned != null && sanctioned.suspendedAt(now)) {
                // matchmaking passes this text to both players: the opponent learns neither who nor why
                return reject(null, command, RejectionReason.SUSPENDED, "a player of this game cannot play now", now);
            }
        }
        LiveGame game = LiveGame.fresh(command.gameId(), command.white(), command.black(), command.ranked(), command.timeControl(),
                command.variant(), command.tournamentId(), dayLength, now);
        game.rules(firstMoveWindow, dayLength);
        GameStarted started = new GameStarted(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), game.white(), game.black(), game.ranked(), game.timeControl(), game.clocks(now), game.variant(),
                game.tournamentId());
        return new Decision.Created(game, started);
    }

    private Decision play(LiveGame game, PlayMove command, Instant now, Vacations vacations) {
        Position position = game.position();
        Color mover = game.colorOf(command.playerId());
        if (game.isOver()) {
            return reject(game, command, RejectionReason.GAME_OVER, "the game is over (" + game.result() + ", " + game.reason() + ")", now);
        }
        if (mover == null) {
            return reject(game, command, RejectionReason.NOT_A_PLAYER, command.playerId() + " does not play in this game", now);
        }
        Decision suspended = refusedToSuspended(game, command, command.playerId(), now);
        if (suspended != null) {
            return suspended;
        }
        if (mover != position.toMove()) {
            return reject(game, command, RejectionReason.NOT_YOUR_TURN, "it is " + position.toMove().name().toLowerCase() + "'s turn", now);
        }
        if (command.expectedPly() != position.ply() + 1) {
            return reject(game, command, RejectionReason.STALE_PLY,
                    "the move would be ply " + (position.ply() + 1) + ", not " + command.expectedPly(), now);
        }
        if (!game.timeControl().untimed() && game.remainingMillis(mover, now) <= 0 && drawVacation(game, now, vacations) == 0) {
            Instant deadline = game.deadline();
            EndReason reason = game.noShowAt(deadline) ? EndReason.NO_SHOW : EndReason.TIMEOUT;
            GameEnded ended = end(game, command, Status.winFor(mover.opponent()), reason, deadline, now);
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
        game.offer(null); // any move withdraws a pending offer
        position.apply(point);
        int ply = position.ply();
        List<String> captured = new ArrayList<>();
        for (int p : position.capturedAt(ply)) {
            captured.add(Notation.format(p));
        }
        PerSide pairs = new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
        PerSide stones = new PerSide(position.capturedStones(Color.WHITE), position.capturedStones(Color.BLACK));
        String notation = Notation.format(point);
        String next = position.status().isOver() ? null : game.player(position.toMove()).id();
        MovePlayed played = new MovePlayed(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), ply, mover, command.playerId(), notation, captured, pairs,
                Announcements.ofLastMove(position), game.clocks(now), stones, next);
        AppliedMove move = new AppliedMove(game.id(), ply, mover, command.playerId(), notation, captured, command.commandId(),
                game.whiteMillis(), game.blackMillis(), now);
        GameEnded ended = position.status().isOver() ? end(game, command, position.status(), position.reason(), now, now) : null;
        return new Decision.Applied(game, move, played, ended);
    }

    private Decision resign(LiveGame game, Resign command, Instant now) {
        Color color = game.colorOf(command.playerId());
        Decision refused = refusedToNonPlayers(game, command, color, now);
        if (refused != null) {
            return refused;
        }
        return new Decision.Ended(game, end(game, command, Status.winFor(color.opponent()), EndReason.RESIGNATION, now, now), null);
    }

    private Decision abort(LiveGame game, Abort command, Instant now) {
        if (game.isOver()) {
            return reject(game, command, RejectionReason.GAME_OVER, "the game is over", now);
        }
        // No winner; the rating service skips ABORTED games. The staff's reason is shown at the table.
        return new Decision.Ended(game, end(game, command, Status.DRAW, EndReason.ABORTED, now, now, command.reason()), null);
    }

    private Decision annul(LiveGame game, AnnulGame command, Instant now) {
        if (!game.isOver()) {
            return reject(game, command, RejectionReason.NOT_FINISHED, "only a finished game can be annulled", now);
        }
        if (game.annulment() != null) {
            return reject(game, command, RejectionReason.ALREADY_ANNULLED, "the game was annulled at " + game.annulment().at(), now);
        }
        game.annul(new LiveGame.Annulment(now, command.staff().username(), command.reason()));
        return new Decision.Annulled(game, new GameAnnulled(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), game.ranked(), game.white(), game.black(), command.staff(), command.reason()));
    }

    /** A suspended player's live game: lost by forfeit, rated like any loss. */
    private Decision forfeit(LiveGame game, ForfeitGame command, Instant now) {
        Color color = game.colorOf(command.playerId());
        Decision refused = refusedToNonPlayers(game, command, color, now);
        if (refused != null) {
            return refused;
        }
        return new Decision.Ended(game, end(game, command, Status.winFor(color.opponent()), EndReason.FORFEIT, now, now, command.reason()),
                null);
    }

    /**
     * A suspended player takes no part in games created at or after the suspension began; games already being
     * played then go on (unless staff forfeit them). One map lookup, nothing allocated for the unsanctioned.
     */
    private Decision refusedToSuspended(LiveGame game, GameCommand command, String playerId, Instant now) {
        PlayerSanctions sanctioned = sanctions.of(playerId);
        if (sanctioned == null || !sanctioned.suspendedAt(now) || game.createdAt().isBefore(sanctioned.suspension().since())) {
            return null;
        }
        return reject(game, command, RejectionReason.SUSPENDED, "you are " + suspendedText(sanctioned.suspension()), now);
    }

    private static String suspendedText(PlayerSanctions.Suspension suspension) {
        return "suspended until " + (suspension.until() == null ? "lifted" : suspension.until().toString()) + ": " + suspension.reason();
    }

    private Decision claimTimeout(LiveGame game, ClaimTimeout command, Instant now, Vacations vacations) {
        Instant deadline = game.deadline();
        if (deadline == null || now.isBefore(deadline)) {
            return new Decision.Unchanged();
        }
        Color toMove = game.position().toMove();
        if (game.noShowAt(deadline)) {
            // A tournament's round cannot wait: the side that never made its first move forfeits it.
            return new Decision.Ended(game, end(game, command, Status.winFor(toMove.opponent()), EndReason.NO_SHOW, deadline, now), null);
        }
        Instant clock = game.clockDeadline();
        if (deadline.equals(game.firstMoveDeadline()) && (clock == null || !clock.isBefore(deadline))) {
            // Nobody started the game (ply 0 or 1): called off, never rated.
            return new Decision.Ended(game, end(game, command, Status.DRAW, EndReason.ABORTED, deadline, now), null);
        }
        int days = drawVacation(game, now, vacations);
        if (days > 0) {
            return new Decision.Extended(game, game.player(toMove).id(), days);
        }
        return new Decision.Ended(game, end(game, command, Status.winFor(toMove.opponent()), EndReason.TIMEOUT, game.deadline(), now),
                null);
    }

    /**
     * A turn-based clock that ran out draws the player's vacation one day at a time (each in the UTC year of the
     * deadline it moves) until it runs again or none is left; returns the days drawn, 0 when the game is lost.
     * Never for a tournament no-show, nor for live clocks.
     */
    private static int drawVacation(LiveGame game, Instant now, Vacations vacations) {
        if (!game.timeControl().turnBased()) {
            return 0;
        }
        String playerId = game.player(game.position().toMove()).id();
        int days = 0;
        for (Instant clock = game.clockDeadline(); clock != null && !clock.isAfter(now) && !game.noShowAt(game.deadline());
             clock = game.clockDeadline()) {
            if (!vacations.draw(playerId, clock.atZone(ZoneOffset.UTC).getYear())) {
                return 0; // the days drawn so far stay drawn: the game is lost when the last of them ran out
            }
            game.addDay();
            days++;
        }
        return days;
    }

    private Decision makeOffer(LiveGame game, MakeOffer command, Instant now) {
        Color color = game.colorOf(command.playerId());
        Decision refused = refusedToNonPlayers(game, command, color, now);
        if (refused == null) {
            refused = refusedToSuspended(game, command, command.playerId(), now);
        }
        if (refused != null) {
            return refused;
        }
        LiveGame.Offer pending = game.offer();
        if (pending != null && pending.kind() == command.kind() && pending.color() == color.opponent()) {
            return accept(game, command, pending, now); // offering what the opponent offers accepts it
        }
        if (pending != null) {
            return reject(game, command, RejectionReason.OFFER_PENDING, (pending.color() == color ? "you already offer " : "your opponent offers ")
                    + pending.kind().name().toLowerCase() + "; answer or wait", now);
        }
        if (command.kind() == OfferKind.TAKEBACK) {
            refused = refuseTakeback(game, command, color, now);
            if (refused != null) {
                return refused;
            }
        }
        game.offer(new LiveGame.Offer(command.kind(), color));
        return new Decision.Offered(game, new OfferMade(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), command.kind(), color, command.playerId()));
    }

    private Decision answerOffer(LiveGame game, AnswerOffer command, Instant now) {
        Color color = game.colorOf(command.playerId());
        Decision refused = refusedToNonPlayers(game, command, color, now);
        if (refused == null) {
            refused = refusedToSuspended(game, command, command.playerId(), now);
        }
        if (refused != null) {
            return refused;
        }
        LiveGame.Offer pending = game.offer();
        if (pending == null || pending.kind() != command.kind() || pending.color() != color.opponent()) {
            return reject(game, command, RejectionReason.NO_OFFER, "your opponent offers no " + command.kind().name().toLowerCase(), now);
        }
        if (!command.accept()) {
            game.offer(null);
            return new Decision.Offered(game, new OfferDeclined(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(),
                    now, command.commandId(), command.kind(), color, command.playerId()));
        }
        return accept(game, command, pending, now);
    }

    /** {@code pending} accepted by its opponent: a draw by agreement, or the takeback. */
    private Decision accept(LiveGame game, GameCommand command, LiveGame.Offer pending, Instant now) {
        if (pending.kind() == OfferKind.DRAW) {
            return new Decision.Ended(game, end(game, command, Status.DRAW, EndReason.AGREEMENT, now, now), null);
        }
        Decision refused = refuseTakeback(game, command, pending.color(), now);
        if (refused != null) {
            return refused;
        }
        int removed = pliesToTakeBack(game, pending.color());
        game.takeBack(removed, now);
        Position position = game.position();
        PerSide pairs = new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
        return new Decision.TakenBack(game, new MovesTakenBack(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), position.ply(), removed, position.toMove(), pairs, game.clocks(now)));
    }

    /** One ply when the opponent is to move (the requester's last move), two when the requester is. */
    private static int pliesToTakeBack(LiveGame game, Color requester) {
        return game.position().toMove() == requester ? 2 : 1;
    }

    private Decision refuseTakeback(LiveGame game, GameCommand command, Color requester, Instant now) {
        if (game.ranked()) {
            return reject(game, command, RejectionReason.FORBIDDEN, "no takebacks in ranked games", now);
        }
        if (game.position().ply() < pliesToTakeBack(game, requester)) {
            return reject(game, command, RejectionReason.TOO_LATE, "no move of yours to take back", now);
        }
        return null;
    }

    private Decision playerAbort(LiveGame game, PlayerAbort command, Instant now) {
        Decision refused = refusedToNonPlayers(game, command, game.colorOf(command.playerId()), now);
        if (refused != null) {
            return refused;
        }
        if (game.position().ply() >= 2) {
            return reject(game, command, RejectionReason.TOO_LATE, "a game can be aborted only before its second move", now);
        }
        return new Decision.Ended(game, end(game, command, Status.DRAW, EndReason.ABORTED, now, now), null);
    }

    private Decision claimAbandonment(LiveGame game, ClaimAbandonment command, Instant now) {
        Color claimant = game.colorOf(command.playerId());
        Decision refused = refusedToNonPlayers(game, command, claimant, now);
        if (refused != null) {
            return refused;
        }
        if (game.position().toMove() != claimant.opponent()) {
            return reject(game, command, RejectionReason.NOT_ABANDONED, "it is your turn, not your opponent's", now);
        }
        return new Decision.Ended(game, end(game, command, Status.winFor(claimant), EndReason.ABANDONMENT, now, now), null);
    }

    private Decision postChat(LiveGame game, PostChat command, Instant now) {
        boolean player = game.colorOf(command.authorId()) != null;
        if (command.channel() == ChatChannel.PLAYERS && !player) {
            return reject(game, command, RejectionReason.NOT_A_PLAYER, "only the players write in the players' chat", now);
        }
        if (command.channel() == ChatChannel.SPECTATORS && player) {
            return reject(game, command, RejectionReason.FORBIDDEN, "players do not write in the spectators' chat", now);
        }
        PlayerSanctions sanctioned = sanctions.of(command.authorId());
        if (sanctioned != null && (sanctioned.mutedAt(now) || sanctioned.suspendedAt(now))) {
            String why = sanctioned.mutedAt(now)
                    ? "your chat is muted until " + sanctioned.mute().until() + ": " + sanctioned.mute().reason()
                    : "you are " + suspendedText(sanctioned.suspension());
            return reject(game, command, RejectionReason.MUTED, why, now);
        }
        if (game.isOver() && game.endedAt() != null && now.isAfter(game.endedAt().plus(CHAT_AFTER_END))) {
            return reject(game, command, RejectionReason.TOO_LATE, "the chat closed " + CHAT_AFTER_END.toMinutes() + " minutes after the end", now);
        }
        if (game.chatCount(command.channel()) >= MAX_CHAT_PER_CHANNEL) {
            return reject(game, command, RejectionReason.CHAT_FULL, "this chat holds " + MAX_CHAT_PER_CHANNEL + " messages at most", now);
        }
        String messageId = eventIds.get();
        game.addChat(messageId, command.channel());
        return new Decision.Chatted(game, new ChatPosted(Contracts.SCHEMA_VERSION, messageId, game.id(), game.nextVersion(), now,
                command.commandId(), command.channel(), command.authorId(), command.authorName(), command.text()));
    }

    private Decision removeChat(LiveGame game, RemoveChat command, Instant now) {
        ChatChannel channel = game.visibleChat(command.messageId());
        if (channel == null) {
            return reject(game, command, RejectionReason.UNKNOWN_MESSAGE, "no message " + command.messageId() + " to remove in this game", now);
        }
        game.removeChat(command.messageId());
        return new Decision.ChatRemoval(game, new ChatRemoved(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now,
                command.commandId(), command.messageId(), channel, command.staffId()), command.reason());
    }

    /** A player's action at the table needs a live game and a player of it ({@code color} null: not one); null when it has both. */
    private Decision refusedToNonPlayers(LiveGame game, GameCommand command, Color color, Instant now) {
        if (game.isOver()) {
            return reject(game, command, RejectionReason.GAME_OVER, "the game is over", now);
        }
        if (color == null) {
            return reject(game, command, RejectionReason.NOT_A_PLAYER, actorOf(command) + " does not play in this game", now);
        }
        return null;
    }

    /** Ends the game; {@code endedAt} is when it really ended (a flag falls at the deadline, not when noticed). */
    private GameEnded end(LiveGame game, GameCommand command, Status result, EndReason reason, Instant endedAt, Instant now) {
        return end(game, command, result, reason, endedAt, now, null);
    }

    /** {@code note}: the staff's reason when staff ended it, else null. */
    private GameEnded end(LiveGame game, GameCommand command, Status result, EndReason reason, Instant endedAt, Instant now, String note) {
        game.end(result, reason, endedAt.isAfter(now) ? now : endedAt, note);
        Position position = game.position();
        PerSide pairs = new PerSide(position.capturedPairs(Color.WHITE), position.capturedPairs(Color.BLACK));
        PerSide points = new PerSide(points(game, Color.WHITE), points(game, Color.BLACK));
        return new GameEnded(Contracts.SCHEMA_VERSION, eventIds.get(), game.id(), game.nextVersion(), now, command.commandId(), result, reason,
                game.ranked(), game.white(), game.black(), position.ply(), pairs, points, note, game.variant(), game.timeControl(),
                game.tournamentId());
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
        if (command instanceof CreateGame create) {
            return create.white().id();
        }
        String actor = actorOf(command);
        return actor.isEmpty() ? null : actor;
    }

    /** Who sent a command: the player, author, admin or staff member, or empty for the platform's own commands. */
    public static String actorOf(GameCommand command) {
        if (command instanceof PlayMove move) {
            return move.playerId();
        }
        if (command instanceof Resign resign) {
            return resign.playerId();
        }
        if (command instanceof Abort abort) {
            return abort.adminId();
        }
        if (command instanceof MakeOffer offer) {
            return offer.playerId();
        }
        if (command instanceof AnswerOffer answer) {
            return answer.playerId();
        }
        if (command instanceof PlayerAbort abort) {
            return abort.playerId();
        }
        if (command instanceof ClaimAbandonment claim) {
            return claim.playerId();
        }
        if (command instanceof PostChat chat) {
            return chat.authorId();
        }
        if (command instanceof RemoveChat remove) {
            return remove.staffId();
        }
        if (command instanceof AnnulGame annul) {
            return annul.staff().subject();
        }
        if (command instanceof ForfeitGame forfeit) {
            return forfeit.staff().subject();
        }
        return ""; // CreateGame, ClaimTimeout
    }
}
