package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.StaffRole;
import club.pente.gateway.EdgeSettings;
import club.pente.kit.audit.AuditFilter;
import club.pente.kit.rest.ApiError;
import club.pente.kit.rest.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/admin/audit}: the audit of every service that owns staff actions in one list. The gateway asks
 * each of them with the same query and the caller's token (each checks the caller again), merges their answers
 * newest first and says which services answered: one that does not is {@code unavailable}, never a 5xx here.
 */
@Path("/api/admin/audit")
public class AdminAuditResource {
    private final StaffFence fence;
    private final ServiceCalls calls;
    /** service name -> its base URL, in the order the page lists them. */
    private final Map<String, String> services = new LinkedHashMap<>();

    public AdminAuditResource(StaffFence fence, ServiceCalls calls, EdgeSettings settings) {
        this.fence = fence;
        this.calls = calls;
        services.put("game-service", settings.route().games());
        services.put("matchmaking-service", settings.route().matchmaking());
        services.put("rating-service", settings.route().ratings());
    }

    /** The same filter for every service, re-encoded from the values checked here (nothing else of the caller's query). */
    static String query(String... namesAndValues) {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            String value = namesAndValues[i + 1];
            if (value != null && !value.isEmpty()) {
                query.append(query.length() == 0 ? '?' : '&').append(namesAndValues[i]).append('=')
                        .append(java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return query.toString();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> audit(@Context HttpServerRequest request, @Context HttpHeaders headers,
                               @QueryParam("actor") String actor, @QueryParam("action") String action,
                               @QueryParam("target") String target, @QueryParam("game") String game,
                               @QueryParam("since") String since, @QueryParam("until") String until,
                               @QueryParam("limit") String limit) {
        String authorization = headers.getHeaderString("Authorization");
        return fence.check(request, authorization, StaffRole.MODERATOR).chain(checked -> {
            if (!checked.allowed()) {
                return Uni.createFrom().item(checked.refusal());
            }
            AuditFilter filter;
            try {
                filter = AuditFilter.parse(actor, action, target, game, since, until, limit);
            } catch (ApiException e) {
                return Uni.createFrom().item(ApiError.response(e.status(), e.error(), e.getMessage()));
            }
            String query = query("actor", actor, "action", action, "target", target, "game", game, "since", since,
                    "until", until, "limit", limit);
            List<String> names = new ArrayList<>(services.keySet());
            List<Uni<ServiceCalls.Reply>> asks = names.stream()
                    .map(name -> calls.get(services.get(name) + "/api/admin/audit" + query, authorization))
                    .toList();
            return Uni.join().all(asks).andFailFast().map(replies -> {
                ObjectNode answer = Contracts.json().createObjectNode();
                ObjectNode status = Contracts.json().createObjectNode();
                List<JsonNode> entries = new ArrayList<>();
                for (int i = 0; i < names.size(); i++) {
                    ServiceCalls.Reply reply = replies.get(i);
                    JsonNode list = reply.ok() ? reply.body().get("entries") : null;
                    boolean readable = list != null && list.isArray();
                    status.put(names.get(i), readable ? "ok" : reply.ok() ? "unavailable" : reply.outcome());
                    entries.add(readable ? list : null);
                }
                answer.putArray("entries").addAll(AuditMerge.merge(entries, filter.limit()));
                answer.set("services", status);
                return Response.ok(answer.toString(), MediaType.APPLICATION_JSON).build();
            });
        });
    }
}
