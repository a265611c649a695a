package club.pente.game.rest;

import club.pente.kit.rest.ApiError;
import club.pente.core.record.GameRecord;
import club.pente.core.record.GameRecordFormat;
import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.Ids;
import club.pente.core.contract.RemoveChat;
import club.pente.game.application.GameReads;
import club.pente.game.application.GameSettings;
import club.pente.game.messaging.CommandSender;
import io.quarkus.security.identity.SecurityIdentity;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import club.pente.game.domain.LiveGame;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import jakarta.annotation.security.RolesAllowed;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

/**
 * Read API: anyone may look at any game. The chat is read by audience (players, spectators, staff) and
 * removed by staff, whose identity is only ever the one their verified token proves.
 */
@Path("/api/games")
@Produces(MediaType.APPLICATION_JSON)
public class GameResource {
    /** Realm roles that may read both chats and remove messages. */
    static final Set<String> STAFF = Set.of("moderator", "admin");

    private final GameReads reads;
    private final CommandSender sender;
    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private final GameSettings settings;

    public GameResource(GameReads reads, CommandSender sender, SecurityIdentity identity, JsonWebToken token, GameSettings settings) {
        this.reads = reads;
        this.sender = sender;
        this.identity = identity;
        this.token = token;
        this.settings = settings;
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A game: players, board, captured pairs, clocks, moves, status and version")
    public Uni<Response> game(@PathParam("id") String id) {
        return reads.find(id).map(stored -> {
            if (stored == null) {
                return notFound(id);
            }
            stored.state().rules(settings.firstMoveWindow(), settings.dayLength()); // for its deadline
            return Response.ok(GameView.of(stored, Instant.now())).build();
        });
    }

    /** The most games {@code /mine} lists. */
    static final int MAX_MINE = 200;

    @GET
    @Path("/mine")
    @RolesAllowed({"player", "guest"})
    @Operation(summary = "The caller's ongoing games (the token's player only; guests too): those where it is their turn first, "
            + "the earliest deadline first, then the others; at most 200 (limit 1 to 200); and the caller's vacation days of this UTC year")
    @APIResponse(responseCode = "400", description = "BAD_LIMIT")
    @APIResponse(responseCode = "401", description = "no valid token")
    public Uni<Response> mine(@QueryParam("limit") @DefaultValue("200") String limitText) {
        int limit = limitText.length() > 3 || !limitText.chars().allMatch(c -> c >= '0' && c <= '9') || limitText.isEmpty()
                ? 0 : Integer.parseInt(limitText);
        if (limit < 1 || limit > MAX_MINE) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_LIMIT", "limit must be 1 to " + MAX_MINE));
        }
        String caller = token.getSubject();
        int year = Instant.now().atZone(ZoneOffset.UTC).getYear();
        return reads.mine(caller, limit).flatMap(games -> reads.vacationUsed(caller, year).map(used -> Response.ok(new MyGamesView(
                games.stream().map(game -> MyGamesView.Game.of(game, caller)).toList(),
                new MyGamesView.Vacation(year, settings.vacationDaysPerYear(), used))).build()));
    }

    @GET
    @Operation(summary = "Games by status: live (default) or finished, newest first; only one player's with player=<id>. "
            + "The live list leaves out untimed games nobody moved in for pente.game.live-list-idle-minutes, unless idle=true "
            + "(the computer's recovery sweep must see them)")
    public Uni<Response> games(@QueryParam("status") @DefaultValue("live") String status,
                               @QueryParam("limit") @DefaultValue("50") int limit,
                               @QueryParam("player") String player,
                               @QueryParam("idle") @DefaultValue("false") String idle) {
        if (limit < 1 || limit > 500) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_LIMIT", "limit must be 1 to 500"));
        }
        if (player != null && !Ids.isPlayerId(player)) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_PLAYER",
                    "player must be 1 to " + Ids.MAX_PLAYER_ID + " printable ASCII characters"));
        }
        if (!idle.equals("true") && !idle.equals("false")) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_IDLE", "idle must be true or false"));
        }
        Instant idleBefore = idle.equals("true") ? Instant.EPOCH : Instant.now().minus(Duration.ofMinutes(settings.liveListIdleMinutes()));
        Uni<List<GameReads.GameListing>> rows = switch (status) {
            case "live" -> reads.live(limit, player, idleBefore);
            case "finished" -> reads.finished(limit, player);
            default -> null;
        };
        if (rows == null) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_STATUS", "status must be live or finished"));
        }
        return rows.map(list -> Response.ok(list.stream().map(GameSummary::of).toList()).build());
    }

    @GET
    @Path("/{id}/chat")
    @Operation(summary = "The game's chat as the caller may read it: players the players' channel, anyone else (also without "
            + "a token) the spectators', moderators and admins both with removed messages; removed text is gone for non-staff")
    public Uni<Response> chat(@PathParam("id") String id) {
        if (!Ids.isId(id)) {
            return Uni.createFrom().item(badGameId());
        }
        boolean staff = isStaff();
        String caller = identity.isAnonymous() ? null : token.getSubject(); // the player id, as in the bot API
        return reads.find(id).flatMap(stored -> {
            if (stored == null) {
                return Uni.createFrom().item(notFound(id));
            }
            LiveGame game = stored.state();
            List<ChatChannel> channels = staff ? List.of(ChatChannel.PLAYERS, ChatChannel.SPECTATORS)
                    : List.of(caller != null && game.colorOf(caller) != null ? ChatChannel.PLAYERS : ChatChannel.SPECTATORS);
            return reads.chat(id).map(messages -> {
                if (messages == null) {
                    return notFound(id);
                }
                List<ChatView.Message> visible = messages.stream().filter(m -> channels.contains(m.channel()))
                        .map(m -> ChatView.Message.of(m, staff)).toList();
                return Response.ok(new ChatView(id, channels, visible)).build();
            });
        });
    }

    @DELETE
    @Path("/{id}/chat/{messageId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Operation(summary = "Moderator or admin: remove a chat message (it stays stored, marked, and audited); 202 once the "
            + "RemoveChat command is on the command stream, a ChatRemoved event follows")
    public Uni<Response> removeChat(@PathParam("id") String id, @PathParam("messageId") String messageId, AbortRequest request) {
        StaffActor staff = StaffGate.require(identity, token, StaffRole.MODERATOR);
        if (!Ids.isId(id)) {
            return Uni.createFrom().item(badGameId());
        }
        if (!Ids.isId(messageId)) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_MESSAGE_ID",
                    "a message id is 1 to " + Ids.MAX_ID + " printable ASCII characters"));
        }
        if (request == null || request.reason() == null || request.reason().isBlank()) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "MISSING_REASON",
                    "the body must be JSON like {\"reason\": \"...\"}"));
        }
        if (!Ids.isText(request.reason(), Ids.MAX_REASON)) {
            return Uni.createFrom().item(ApiError.response(Response.Status.BAD_REQUEST, "BAD_REASON",
                    "the reason must be at most " + Ids.MAX_REASON + " characters without control characters"));
        }
        return reads.chat(id).flatMap(messages -> {
            if (messages == null) {
                return Uni.createFrom().item(notFound(id));
            }
            GameReads.ChatMessage message = messages.stream().filter(m -> m.id().equals(messageId)).findFirst().orElse(null);
            if (message == null) {
                return Uni.createFrom().item(ApiError.response(Response.Status.NOT_FOUND, "UNKNOWN_MESSAGE",
                        "no message " + messageId + " in game " + id));
            }
            if (message.removed()) {
                return Uni.createFrom().item(ApiError.response(Response.Status.CONFLICT, "ALREADY_REMOVED",
                        "message " + messageId + " was removed at " + message.removedAt()));
            }
            RemoveChat command = RemoveChat.by(staff, id, messageId, request.reason());
            return sender.send(command).map(sent -> Response.accepted(new RemovalAccepted(command.commandId(), id, messageId)).build());
        });
    }

    public record RemovalAccepted(String commandId, String gameId, String messageId) {
    }

    private boolean isStaff() {
        return !identity.isAnonymous() && STAFF.stream().anyMatch(identity::hasRole);
    }

    private static Response badGameId() {
        return ApiError.response(Response.Status.BAD_REQUEST, "BAD_GAME_ID", "a game id is 1 to " + Ids.MAX_ID + " printable ASCII characters");
    }

    @GET
    @Path("/{id}/record")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "The game record in the plain-text record format")
    public Uni<Response> record(@PathParam("id") String id) {
        return reads.find(id).map(stored -> stored == null
                ? Response.status(Response.Status.NOT_FOUND).type(MediaType.TEXT_PLAIN).entity("no game with id " + id + "\n").build()
                : Response.ok(GameRecordFormat.write(record(stored)))
                        .header("Content-Disposition", "attachment; filename=\"pente-" + id + ".txt\"").build());
    }

    private static GameRecord record(GameReads.StoredGame stored) {
        LiveGame game = stored.state();
        return new GameRecord(game.ranked() ? "Ranked game" : "Casual game", game.white().name(), game.black().name(),
                game.createdAt().atZone(ZoneOffset.UTC).toLocalDate(), game.result(), game.reason(), game.timeControl().format(),
                stored.moves().stream().map(GameReads.StoredMove::point).toList(), game.variant());
    }

    static Response notFound(String id) {
        return ApiError.response(Response.Status.NOT_FOUND, "UNKNOWN_GAME", "no game with id " + id);
    }
}
