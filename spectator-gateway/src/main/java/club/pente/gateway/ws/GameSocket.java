package club.pente.gateway.ws;

import club.pente.core.contract.AnswerOffer;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ClaimAbandonment;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.Ids;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerAbort;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.Resign;
import club.pente.gateway.identity.Identity;
import club.pente.gateway.messaging.CommandSender;
import club.pente.gateway.rest.GameServiceClient;
import club.pente.gateway.ws.protocol.BadFrame;
import club.pente.gateway.ws.protocol.ClientFrame;
import club.pente.gateway.ws.protocol.ServerFrame;
import club.pente.gateway.ws.protocol.SocketCodec;
import club.pente.gateway.ws.protocol.SocketKind;
import io.quarkus.websockets.next.CloseReason;
import io.quarkus.websockets.next.OnClose;
import io.quarkus.websockets.next.OnError;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.mutiny.Uni;
import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code /ws/games/{id}[?v=N]}: a snapshot (or, with {@code v}, the events after version N when still
 * buffered), then every event live. Frames from the browser ({@link ClientFrame}, read by {@link SocketCodec}):
 * {@code {"type":"auth","token":...}}, {@code {"type":"move","point":"K10","expectedPly":n,"commandId":...}},
 * {@code {"type":"resign","commandId":...}}, and at the table {@code offer}, {@code answer}, {@code abort},
 * {@code claim} (checked here against the players' presence on every gateway, {@link PlayerPresence}) and
 * {@code chat} (rate-limited per person per game, {@link ChatRates}; players' channel for a player, the
 * spectators' for anyone else signed in). Commands carry the identity verified here, never one the client
 * names, and player actions from anyone but a player are refused here; the gateway acknowledges receipt
 * and the event (or a {@code rejected} frame to the sender) is the outcome. A malformed or
 * wrong-typed message gets an error message and changes nothing (more than five unreadable ones close the
 * socket with 1003); a socket over a limit is closed with 4429 (see {@link SocketSlots}).
 */
@WebSocket(path = "/ws/games/{id}")
public class GameSocket {
    static final int TOO_MANY = 4429;
    private static final int MAX_BAD_MESSAGES = 5;

    private final GameRooms rooms;
    private final RoomFanOut fanOut;
    private final SocketAuth auth;
    private final CommandSender commands;
    private final SocketSlots slots;
    private final SocketSender sender;
    private final GameServiceClient games;
    private final ChatRates chatRates;
    private final PlayerPresence presence;
    private final SnapshotLoader snapshots;
    private final MessageRates rates = new MessageRates(20, 5);
    private final Map<String, Integer> badMessages = new ConcurrentHashMap<>();

    public GameSocket(GameRooms rooms, RoomFanOut fanOut, SocketAuth auth, CommandSender commands, SocketSlots slots,
                      SocketSender sender, @RestClient GameServiceClient games, ChatRates chatRates, PlayerPresence presence,
                      SnapshotLoader snapshots) {
        this.rooms = rooms;
        this.fanOut = fanOut;
        this.auth = auth;
        this.commands = commands;
        this.slots = slots;
        this.sender = sender;
        this.games = games;
        this.chatRates = chatRates;
        this.presence = presence;
        this.snapshots = snapshots;
    }

    @OnOpen
    public Uni<Void> open(WebSocketConnection connection) {
        if (!slots.open(connection)) {
            return connection.close(new CloseReason(TOO_MANY, "too many sockets from this address"));
        }
        Map<String, String> query = Query.parse(connection.handshakeRequest().query());
        Long resume = null;
        if (query.containsKey("v")) {
            try {
                resume = Long.parseLong(query.get("v"));
            } catch (NumberFormatException e) {
                resume = null; // a bad v just means a fresh snapshot
            }
        }
        rates.open(connection);
        // Anonymous viewers count once per address: a client-chosen key (the old ?viewer=) is not trusted.
        fanOut.join(connection, connection.pathParam("id"), resume, "addr:" + SocketSlots.address(connection));
        return Uni.createFrom().voidItem();
    }

    @OnClose
    public void close(WebSocketConnection connection) {
        rates.close(connection);
        badMessages.remove(connection.id());
        slots.release(connection);
        rooms.leave(connection);
    }

    @OnError
    public Uni<Void> error(WebSocketConnection connection, Throwable failure) {
        return SocketErrors.close(connection, failure);
    }

    @OnTextMessage
    public Uni<Void> message(WebSocketConnection connection, String text) {
        if (!rates.allow(connection)) {
            return connection.close(MessageRates.FLOOD);
        }
        ClientFrame frame;
        try {
            frame = SocketCodec.decode(text, SocketKind.GAME);
        } catch (BadFrame e) {
            // Unreadable frames count towards closing the socket; the rest is answered in the order the
            // socket checks it: a frame for no game, an unknown type (counted), a bad field.
            if (e.kind() == BadFrame.Kind.UNREADABLE) {
                return bad(connection, e.getMessage());
            }
            if (rooms.viewer(connection) == null) {
                return error(connection, "not watching a game");
            }
            return e.kind() == BadFrame.Kind.UNKNOWN_TYPE ? bad(connection, e.getMessage()) : error(connection, e.getMessage());
        }
        Viewer viewer = rooms.viewer(connection);
        if (viewer == null) {
            return error(connection, "not watching a game");
        }
        if (frame instanceof ClientFrame.Auth token) {
            return auth(connection, viewer, token.token());
        }
        if (frame instanceof ClientFrame.Move move) {
            return move(connection, viewer, move);
        }
        if (frame instanceof ClientFrame.Resign resign) {
            return resign(connection, viewer, resign.commandId());
        }
        if (frame instanceof ClientFrame.Chat chat) {
            return chat(connection, viewer, chat);
        }
        if (frame instanceof ClientFrame.Offer offer) {
            return playerCommand(connection, viewer, "offer",
                    (gameId, player) -> new MakeOffer(Contracts.SCHEMA_VERSION, offer.commandId(), gameId, player, offer.kind(), Contracts.now()));
        }
        // The ids of commands whose outcome may end the game are made here, as for a resignation.
        if (frame instanceof ClientFrame.Answer answer) {
            return playerCommand(connection, viewer, "answer an offer",
                    (gameId, player) -> AnswerOffer.of(gameId, player, answer.kind(), answer.accept()));
        }
        if (frame instanceof ClientFrame.Abort) {
            return playerCommand(connection, viewer, "abort", PlayerAbort::of);
        }
        if (frame instanceof ClientFrame.Claim) {
            return claim(connection, viewer);
        }
        return sender.reply(connection, new ServerFrame.Pong());
    }

    private Uni<Void> auth(WebSocketConnection connection, Viewer viewer, String token) {
        return auth.authenticate(connection, token, identity -> {
            rooms.identify(connection, viewer, identity);
            GameRoom room = rooms.room(connection.pathParam("id"));
            return sender.reply(connection, new ServerFrame.GameWelcome(identity.id(), identity.name(), room.isPlayer(identity.id())))
                    .invoke(() -> snapshots.sendPresence(room, viewer));
        });
    }

    /** Why the socket's person may not do a player's action in this game, or null when they may. */
    private ServerFrame.Error notAPlayer(Identity identity, String gameId, String action) {
        if (identity == null) {
            return new ServerFrame.Error("sign in or continue as a guest to " + action, "SIGN_IN");
        }
        if (identity.expired(Instant.now())) {
            return new ServerFrame.Error("your sign-in has expired: authenticate again", "EXPIRED");
        }
        if (!rooms.room(gameId).isPlayer(identity.id())) {
            return new ServerFrame.Error("only a player of this game can " + action, "NOT_A_PLAYER");
        }
        return null;
    }

    /** A player's command built from the game and the verified player id; a bad field the client sent is refused. */
    private Uni<Void> playerCommand(WebSocketConnection connection, Viewer viewer, String action,
                                    java.util.function.BiFunction<String, String, GameCommand> build) {
        String gameId = connection.pathParam("id");
        ServerFrame.Error refused = notAPlayer(viewer.identity(), gameId, action);
        if (refused != null) {
            return sender.reply(connection, refused);
        }
        GameCommand command;
        try {
            command = build.apply(gameId, viewer.identity().id());
        } catch (IllegalArgumentException e) {
            return error(connection, e.getMessage());
        }
        return send(connection, command);
    }

    private Uni<Void> send(WebSocketConnection connection, GameCommand command) {
        return commands.send(command).chain(() -> sender.reply(connection, new ServerFrame.Ack(command.commandId())));
    }

    /**
     * A chat message in the channel the verified identity belongs to (players' for a player of this game,
     * spectators' for anyone else signed in), within the rate limit; the game service decides the rest
     * (how long after the end, how many per channel).
     */
    private Uni<Void> chat(WebSocketConnection connection, Viewer viewer, ClientFrame.Chat chat) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity == null) {
            return sender.reply(connection, new ServerFrame.Error("sign in or continue as a guest to chat", "SIGN_IN"));
        }
        if (identity.expired(Instant.now())) {
            return sender.reply(connection, new ServerFrame.Error("your sign-in has expired: authenticate again", "EXPIRED"));
        }
        GameRoom room = rooms.room(gameId);
        if (!room.playersKnown()) {
            return error(connection, "the game is still loading: try again in a moment");
        }
        ChatChannel channel = room.isPlayer(identity.id()) ? ChatChannel.PLAYERS : ChatChannel.SPECTATORS;
        String name = Ids.isText(identity.name(), Ids.MAX_NAME) ? identity.name() : identity.id();
        PostChat command;
        try {
            command = new PostChat(Contracts.SCHEMA_VERSION, chat.commandId(), gameId, identity.id(), name, channel, chat.text(),
                    Contracts.now());
        } catch (IllegalArgumentException e) {
            return error(connection, e.getMessage());
        }
        if (!chatRates.allow(gameId, identity.id())) {
            return sender.reply(connection, new ServerFrame.Error("you are sending messages too fast: wait a few seconds",
                    "CHAT_TOO_FAST", chatRates.retryAfterMillis()));
        }
        return send(connection, command);
    }

    /**
     * A claim of the win from an absent opponent: the game as the game service has it now must be live with
     * the opponent to move, and the opponent must have had no socket on any gateway for the abandonment
     * time; only then is the claim sent, with how long the absence has lasted.
     */
    private Uni<Void> claim(WebSocketConnection connection, Viewer viewer) {
        String gameId = connection.pathParam("id");
        Identity identity = viewer.identity();
        ServerFrame.Error refused = notAPlayer(identity, gameId, "claim a win");
        if (refused != null) {
            return sender.reply(connection, refused);
        }
        GameRoom room = rooms.room(gameId);
        return games.game(gameId).onItemOrFailure().transformToUni((game, failure) -> {
            if (failure != null || game == null) {
                return sender.reply(connection, new ServerFrame.Error("the game service does not answer: try again", "UNAVAILABLE"));
            }
            ServerFrame.Error verdict = claimRefused(game, identity.id(), room);
            if (verdict != null) {
                return sender.reply(connection, verdict);
            }
            String opponent = identity.id().equals(game.path("white").path("id").asText())
                    ? game.path("black").path("id").asText() : game.path("white").path("id").asText();
            long now = System.currentTimeMillis();
            long absent = absentOnTurn(game, presence.seat(room, opponent, now).absentMillis(), now);
            return send(connection, ClaimAbandonment.of(gameId, identity.id(), absent));
        });
    }

    /** Why a claim of abandonment by {@code claimant} is refused now, or null when it may be sent. */
    private ServerFrame.Error claimRefused(JsonNode game, String claimant, GameRoom room) {
        if (!"ONGOING".equals(game.path("status").asText())) {
            return new ServerFrame.Error("the game is over", "GAME_NOT_LIVE");
        }
        String white = game.path("white").path("id").asText();
        String black = game.path("black").path("id").asText();
        String color = claimant.equals(white) ? "WHITE" : claimant.equals(black) ? "BLACK" : null;
        if (color == null) {
            return new ServerFrame.Error("only a player of this game can claim a win", "NOT_A_PLAYER");
        }
        if (color.equals(game.path("toMove").asText())) {
            return new ServerFrame.Error("it is your move: a win by abandonment is claimed while the opponent is to move",
                    "NOT_OPPONENTS_TURN");
        }
        ServerFrame.PlayerPresence.Seat opponent = presence.seat(room, color.equals("WHITE") ? black : white,
                System.currentTimeMillis());
        if (opponent.connected()) {
            return new ServerFrame.Error("your opponent is connected", "OPPONENT_CONNECTED");
        }
        long absent = absentOnTurn(game, opponent.absentMillis(), System.currentTimeMillis());
        long left = presence.abandonAfterMillis() - absent;
        if (left > 0) {
            return new ServerFrame.Error("your opponent has been away on their turn for " + absent / 1000
                    + " s: you can claim the win in " + (left + 999) / 1000 + " s", "CLAIM_TOO_EARLY", left);
        }
        return null;
    }

    /**
     * How long the opponent has been away on their own turn: an absence counts from when their turn began at
     * the earliest (the last move's time, or the game's creation), so that a player who was away while the
     * other one thought still gets the whole abandonment time on their turn to come back. An unreadable time
     * counts as now (the claim waits).
     */
    static long absentOnTurn(JsonNode game, long absentMillis, long now) {
        JsonNode moves = game.path("moves");
        String turnStarted = moves.isArray() && !moves.isEmpty()
                ? moves.get(moves.size() - 1).path("playedAt").asText(null) : game.path("createdAt").asText(null);
        long since;
        try {
            since = turnStarted == null ? now : Instant.parse(turnStarted).toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
            since = now;
        }
        return Math.max(0, Math.min(absentMillis, now - since));
    }

    private Uni<Void> move(WebSocketConnection connection, Viewer viewer, ClientFrame.Move move) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity == null) {
            return error(connection, "sign in or continue as a guest to play");
        }
        if (identity.expired(Instant.now())) {
            return error(connection, "your sign-in has expired: authenticate again");
        }
        if (!rooms.room(gameId).isPlayer(identity.id())) {
            return error(connection, "you do not play in this game");
        }
        PlayMove command;
        try {
            command = new PlayMove(Contracts.SCHEMA_VERSION, move.commandId(), gameId, identity.id(), move.expectedPly(),
                    move.point(), Contracts.now());
        } catch (IllegalArgumentException e) {
            return error(connection, e.getMessage());
        }
        return commands.send(command)
                .chain(() -> sender.reply(connection, new ServerFrame.Ack(command.commandId())));
    }

    private Uni<Void> resign(WebSocketConnection connection, Viewer viewer, String commandId) {
        Identity identity = viewer.identity();
        String gameId = connection.pathParam("id");
        if (identity != null && identity.expired(Instant.now())) {
            return error(connection, "your sign-in has expired: authenticate again");
        }
        if (identity == null || !rooms.room(gameId).isPlayer(identity.id())) {
            return error(connection, "only a player of this game can resign");
        }
        try {
            new Resign(Contracts.SCHEMA_VERSION, commandId, gameId, identity.id(), Contracts.now()); // refuse a bad id the client sent
        } catch (IllegalArgumentException e) {
            return error(connection, e.getMessage());
        }
        // The id of a resignation is made here, never the client's: its GameEnded must not answer somebody
        // else's pending command that happens to carry the same id (game-service CommandOutcomes).
        Resign command = Resign.of(gameId, identity.id());
        return commands.send(command)
                .chain(() -> sender.reply(connection, new ServerFrame.Ack(command.commandId())));
    }

    private Uni<Void> bad(WebSocketConnection connection, String reason) {
        int count = badMessages.merge(connection.id(), 1, Integer::sum);
        if (count > MAX_BAD_MESSAGES) {
            return connection.close(new CloseReason(1003, "too many unreadable messages"));
        }
        return error(connection, reason);
    }

    private Uni<Void> error(WebSocketConnection connection, String reason) {
        return sender.reply(connection, new ServerFrame.Error(reason));
    }
}
