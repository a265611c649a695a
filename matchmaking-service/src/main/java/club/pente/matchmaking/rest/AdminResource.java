package club.pente.matchmaking.rest;

import club.pente.core.contract.Contracts;
import club.pente.kit.audit.AuditFilter;
import club.pente.matchmaking.application.SanctionService;
import club.pente.matchmaking.domain.BadRequestException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.security.Authenticated;
import io.quarkus.vertx.http.HttpServerStart;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.UUID;

/**
 * Staff endpoints of matchmaking, the owner of sanctions: suspend and mute accounts, lift them, read a player's
 * sanctions, the audit of what staff did here, and this instance's status. Checked here from the verified token
 * (moderator or admin; the gateway's check is only a first fence); a refused call changes nothing.
 */
@Path("/api/admin")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class AdminResource {
    /** minutes null or absent: until lifted (admin only). */
    public record SuspendRequest(String reason, Integer minutes, Boolean forfeitLiveGames) {
    }

    public record MuteRequest(String reason, Integer minutes) {
    }

    public record LiftRequest(String reason) {
    }

    /** version: quarkus.application.version; instance: host:port of this process's HTTP server. */
    public record Status(String service, String version, String instance, long outboxBacklog) {
    }

    private final SanctionService sanctions;
    private final StaffCaller caller;
    private final Instance instance;

    public AdminResource(SanctionService sanctions, StaffCaller caller, Instance instance) {
        this.sanctions = sanctions;
        this.caller = caller;
        this.instance = instance;
    }

    @POST
    @Path("/players/{playerId}/suspension")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Suspend an account: {\"reason\":\"...\",\"minutes\":60 (1..10080 moderator, up to 525600 admin; null: until "
            + "lifted, admin),\"forfeitLiveGames\":false (true: admin)}; replaces the suspension in force")
    public Response suspend(@PathParam("playerId") String playerId, SuspendRequest request) {
        var staff = caller.staff();
        SuspendRequest body = required(request);
        return Response.status(201).entity(SanctionViews.staff(sanctions.suspend(staff, playerId, body.reason(), body.minutes(),
                body.forfeitLiveGames()))).build();
    }

    @DELETE
    @Path("/players/{playerId}/suspension")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Lift the suspension in force: {\"reason\":\"...\"}; 404 NOT_SUSPENDED")
    public SanctionViews.StaffView liftSuspension(@PathParam("playerId") String playerId, LiftRequest request) {
        var staff = caller.staff();
        return SanctionViews.staff(sanctions.liftSuspension(staff, playerId, required(request).reason()));
    }

    @POST
    @Path("/players/{playerId}/mute")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Mute an account's chat: {\"reason\":\"...\",\"minutes\":1..43200}; replaces the mute in force")
    public Response mute(@PathParam("playerId") String playerId, MuteRequest request) {
        var staff = caller.staff();
        MuteRequest body = required(request);
        return Response.status(201).entity(SanctionViews.staff(sanctions.mute(staff, playerId, body.reason(), body.minutes()))).build();
    }

    @DELETE
    @Path("/players/{playerId}/mute")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Lift the chat mute in force: {\"reason\":\"...\"}; 404 NOT_MUTED")
    public SanctionViews.StaffView liftMute(@PathParam("playerId") String playerId, LiftRequest request) {
        var staff = caller.staff();
        return SanctionViews.staff(sanctions.liftMute(staff, playerId, required(request).reason()));
    }

    @GET
    @Path("/players/{playerId}/sanctions")
    @Operation(summary = "A player's suspension and mute in force and every sanction so far, newest first")
    public SanctionViews.StaffDetail sanctionsOf(@PathParam("playerId") String playerId) {
        caller.staff();
        return SanctionViews.detail(sanctions.sanctionsOf(playerId));
    }

    @GET
    @Path("/audit")
    @Operation(summary = "What staff did through matchmaking, newest first: ?actor=&action=&target=&game=&since=&until=&limit=")
    public Response audit(@QueryParam("actor") String actor, @QueryParam("action") String action, @QueryParam("target") String target,
                          @QueryParam("game") String game, @QueryParam("since") String since, @QueryParam("until") String until,
                          @QueryParam("limit") String limit) {
        caller.staff();
        AuditFilter filter = AuditFilter.parse(actor, action, target, game, since, until, limit);
        // The entries exactly as the contract's mapper writes them (as on pente.admin.audit).
        ObjectNode body = Contracts.json().createObjectNode().put("service", SanctionService.SERVICE);
        body.set("entries", Contracts.json().valueToTree(sanctions.audit(filter)));
        try {
            return Response.ok(Contracts.json().writeValueAsString(body), MediaType.APPLICATION_JSON).build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the audit", e);
        }
    }

    @GET
    @Path("/status")
    @Operation(summary = "This instance: service, version, instance (host:port) and the outbox rows not yet published")
    public Status status() {
        caller.staff();
        return new Status(SanctionService.SERVICE, instance.version(), instance.name(), sanctions.outboxBacklog());
    }

    private static <T> T required(T body) {
        if (body == null) {
            throw new BadRequestException("MISSING_BODY", "the body must be JSON like {\"reason\":\"...\"}");
        }
        return body;
    }

    /** This process as the status names it: host and the HTTP port it listens on (a random id until it listens). */
    @ApplicationScoped
    public static class Instance {
        private final String version = ConfigProvider.getConfig().getOptionalValue("quarkus.application.version", String.class)
                .orElse("unknown");
        private volatile String name = UUID.randomUUID().toString();

        /** Quarkus fires this one asynchronously, once the server listens. */
        void started(@ObservesAsync HttpServerStart start) {
            name = host() + ":" + start.options().getPort();
        }

        String version() {
            return version;
        }

        String name() {
            return name;
        }

        private static String host() {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                return "localhost";
            }
        }
    }
}
