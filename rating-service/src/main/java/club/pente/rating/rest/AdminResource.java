package club.pente.rating.rest;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.Ids;
import club.pente.core.contract.StaffActor;
import club.pente.identity.StaffCallers;
import club.pente.kit.audit.AuditFilter;
import club.pente.kit.audit.AuditLog;
import club.pente.kit.rest.ApiError;
import club.pente.kit.rest.ApiException;
import club.pente.rating.accounts.KeycloakAccounts;
import club.pente.rating.application.RatingProcessor;
import club.pente.rating.application.RatingReads;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import javax.sql.DataSource;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The rating service's staff endpoints, for moderators and admins (realm roles of the verified Keycloak token): the
 * player search, the audit of what this service did for staff, and its status. No token: 401; a player's or a
 * guest's: 403 STAFF_ONLY. Read-only: nothing here changes anything.
 */
@Path("/api/admin")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class AdminResource {
    static final int MAX_QUERY = 64;
    static final int MAX_LIMIT = 100;
    static final int DEFAULT_LIMIT = 20;

    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private final KeycloakAccounts accounts;
    private final RatingReads reads;
    private final DataSource dataSource;
    private final StatusSettings status;
    private final String instance;

    public AdminResource(SecurityIdentity identity, JsonWebToken token, KeycloakAccounts accounts, RatingReads reads,
                         DataSource dataSource, StatusSettings status) {
        this.identity = identity;
        this.token = token;
        this.accounts = accounts;
        this.reads = reads;
        this.dataSource = dataSource;
        this.status = status;
        this.instance = instance(status.port());
    }

    /** What the status answer names: the application's version and where this instance listens. */
    @ConfigMapping(prefix = "pente.status")
    public interface StatusSettings {
        @WithDefault("${quarkus.application.version:unknown}")
        String version();

        @WithDefault("${quarkus.http.port:8083}")
        int port();
    }

    /** One account found: from Keycloak, with its standing here ({@code rating}/{@code games} null without rated games). */
    public record PlayerHit(String id, String username, Boolean enabled, Instant createdAt, Integer rating, Integer games,
                            boolean provisional) {
    }

    /** {@code partial}: Keycloak could not be asked, so only players known here (by name) are listed. */
    public record PlayerSearch(List<PlayerHit> players, boolean partial) {
    }

    public record Status(String service, String version, String instance, Long outboxBacklog) {
    }

    @GET
    @Path("/players")
    @Operation(summary = "Staff: search Keycloak accounts by name (username, name or e-mail contains q), with their ratings; "
            + "partial=true answers from this service's players alone when Keycloak cannot be reached")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = PlayerSearch.class)))
    @APIResponse(responseCode = "400", description = "bad q or limit", content = @Content(schema = @Schema(implementation = ApiError.class)))
    public Uni<PlayerSearch> players(@QueryParam("q") String q, @QueryParam("limit") String limitParam) {
        staff();
        if (q == null || q.isEmpty() || q.length() > MAX_QUERY || !Ids.isText(q, MAX_QUERY)) {
            throw ApiException.badRequest("BAD_QUERY", "q must be 1 to " + MAX_QUERY + " characters, not blank, without control characters");
        }
        Integer limit = RatingResource.parse(limitParam, DEFAULT_LIMIT, 1, MAX_LIMIT);
        if (limit == null) {
            throw ApiException.badRequest("BAD_LIMIT", "limit must be a whole number from 1 to " + MAX_LIMIT);
        }
        String text = q.trim();
        return accounts.search(text, limit)
                .chain(found -> reads.players(found.stream().map(KeycloakAccounts.Account::id).toList()).map(known -> {
                    Map<String, RatingReads.RatedPlayer> byId = known.stream()
                            .collect(Collectors.toMap(RatingReads.RatedPlayer::playerId, Function.identity()));
                    List<PlayerHit> hits = found.stream().map(account -> {
                        RatingReads.RatedPlayer player = byId.get(account.id());
                        return new PlayerHit(account.id(), account.username(), account.enabled(), account.createdAt(),
                                rating(player), games(player), player == null || player.provisional());
                    }).toList();
                    return new PlayerSearch(hits, false);
                }))
                .onFailure().recoverWithUni(failure -> reads.playersNamed(text, limit).map(known -> new PlayerSearch(known.stream()
                        .map(player -> new PlayerHit(player.playerId(), player.name(), null, null, rating(player), games(player),
                                player.provisional()))
                        .toList(), true)));
    }

    private static Integer rating(RatingReads.RatedPlayer player) {
        return player == null || player.overall().games() == 0 ? null : player.rating();
    }

    private static Integer games(RatingReads.RatedPlayer player) {
        return player == null || player.overall().games() == 0 ? null : player.overall().games();
    }

    @GET
    @Path("/audit")
    @Blocking
    @Operation(summary = "Staff: what this service did for staff (annulments' rating reversals), newest first")
    public Response audit(@QueryParam("actor") String actor, @QueryParam("action") String action, @QueryParam("target") String target,
                          @QueryParam("game") String game, @QueryParam("since") String since, @QueryParam("until") String until,
                          @QueryParam("limit") String limit) throws SQLException, JsonProcessingException {
        staff();
        AuditFilter filter = AuditFilter.parse(actor, action, target, game, since, until, limit);
        List<AuditEntry> entries;
        try (Connection connection = dataSource.getConnection()) {
            entries = AuditLog.select(connection, filter);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("service", RatingProcessor.SERVICE);
        body.put("entries", entries);
        // Entries exactly as the contract's mapper writes them (as on pente.admin.audit).
        return Response.ok(Contracts.json().writeValueAsString(body), MediaType.APPLICATION_JSON).build();
    }

    @GET
    @Path("/status")
    @Operation(summary = "Staff: service, version, instance and outbox backlog (rows not yet published)")
    public Uni<Status> status() {
        staff();
        return reads.outboxBacklog().map(backlog -> new Status(RatingProcessor.SERVICE, status.version(), instance, backlog));
    }

    /** This instance as operators find it: host name and HTTP port (looked up once, not on the event loop). */
    private static String instance(int port) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        return host + ":" + port;
    }

    /** The staff member the token proves; a player or a guest is refused before anything is read. */
    private StaffActor staff() {
        return StaffCallers.of(identity, token).orElseThrow(() -> ApiException.forbidden("STAFF_ONLY",
                "only moderators and admins may use the staff API"));
    }
}
