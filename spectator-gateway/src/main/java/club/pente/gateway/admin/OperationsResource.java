package club.pente.gateway.admin;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.StaffRole;
import club.pente.gateway.EdgeSettings;
import club.pente.gateway.presence.InstanceSettings;
import club.pente.gateway.presence.Presence;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.ConfigProvider;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /api/admin/operations} (admins): each service's health (its management port's {@code /q/health}) and
 * status ({@code /api/admin/status} with the caller's token: version, instance, outbox backlog), the platform's
 * consumer lag and dead letters ({@link KafkaFigures}), and every gateway's live games and sockets ({@link Presence}).
 * Every source is asked at once and each one that does not answer is shown so; the page itself always answers.
 */
@Path("/api/admin/operations")
public class OperationsResource {
    /** A service on the page: its name, where its API is (null: none to ask) and where its management interface is. */
    private record Service(String name, String api, String management) {
    }

    private final StaffFence fence;
    private final ServiceCalls calls;
    private final KafkaFigures kafka;
    private final Presence presence;
    private final String instance;
    private final List<Service> services = new ArrayList<>();

    public OperationsResource(StaffFence fence, ServiceCalls calls, KafkaFigures kafka, Presence presence, EdgeSettings edge,
                              OperationsSettings settings, InstanceSettings instance) {
        this.fence = fence;
        this.calls = calls;
        this.kafka = kafka;
        this.presence = presence;
        this.instance = instance.id();
        OperationsSettings.Health health = settings.health();
        services.add(new Service("game-service", edge.route().games(), health.game()));
        services.add(new Service("matchmaking-service", edge.route().matchmaking(), health.matchmaking()));
        services.add(new Service("rating-service", edge.route().ratings(), health.rating()));
        services.add(new Service("ai-service", edge.route().ai(), health.ai()));
        services.add(new Service("spectator-gateway", null, health.gateway()));
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> operations(@Context HttpServerRequest request, @Context HttpHeaders headers) {
        String authorization = headers.getHeaderString("Authorization");
        return fence.check(request, authorization, StaffRole.ADMIN).chain(checked -> {
            if (!checked.allowed()) {
                return Uni.createFrom().item(checked.refusal());
            }
            List<Uni<ObjectNode>> rows = services.stream().map(service -> serviceRow(service, authorization)).toList();
            Uni<List<ObjectNode>> serviceRows = Uni.join().all(rows).andFailFast();
            return Uni.combine().all().unis(serviceRows, kafka.figures()).asTuple().map(both -> {
                ObjectNode answer = Contracts.json().createObjectNode();
                answer.put("at", Instant.now().toString());
                answer.putArray("services").addAll(both.getItem1());
                KafkaFigures.Figures figures = both.getItem2();
                ObjectNode kafkaRow = answer.putObject("kafka");
                kafkaRow.put("available", figures.available());
                kafkaRow.put("readAt", figures.readAt().toString());
                kafkaRow.put("error", figures.error());
                kafkaRow.put("groupsOmitted", figures.groupsOmitted());
                kafkaRow.put("readMillis", figures.readMillis());
                answer.set("consumerGroups", figures.consumerGroups());
                answer.set("deadLetters", figures.deadLetters());
                ArrayNode gateways = answer.putArray("gateways");
                for (Presence.GatewayLoad load : presence.gateways()) {
                    ObjectNode row = gateways.addObject();
                    row.put("instance", load.instance());
                    row.put("games", load.games());
                    row.put("sockets", load.sockets());
                    row.put("lobbySockets", load.lobbySockets());
                    row.put("at", load.at().toString());
                    row.put("self", load.self());
                }
                return Response.ok(answer.toString(), MediaType.APPLICATION_JSON).build();
            });
        });
    }

    private Uni<ObjectNode> serviceRow(Service service, String authorization) {
        Uni<ServiceCalls.Reply> health = calls.get(service.management() + "/q/health", null);
        Uni<ServiceCalls.Reply> status = service.api() == null ? Uni.createFrom().item(new ServiceCalls.Reply(200, ownStatus()))
                : calls.get(service.api() + "/api/admin/status", authorization);
        return Uni.combine().all().unis(health, status).asTuple().map(both -> row(service.name(), both.getItem1(), both.getItem2()));
    }

    /** The gateway's own status, in the services' shape. */
    private JsonNode ownStatus() {
        ObjectNode status = Contracts.json().createObjectNode();
        status.put("service", "spectator-gateway");
        status.put("version", ConfigProvider.getConfig().getOptionalValue("quarkus.application.version", String.class).orElse(null));
        status.put("instance", instance);
        status.putNull("outboxBacklog");
        return status;
    }

    /** One service's line: health from {@code /q/health} (UP, DOWN or UNREACHABLE, and its checks), the rest from its status. */
    static ObjectNode row(String name, ServiceCalls.Reply health, ServiceCalls.Reply status) {
        ObjectNode row = Contracts.json().createObjectNode();
        row.put("name", name);
        JsonNode healthBody = health.body();
        String state;
        if (health.status() < 0) {
            state = "UNREACHABLE";
        } else if (healthBody != null && "UP".equals(healthBody.path("status").asText())) {
            state = "UP";
        } else {
            state = "DOWN";
        }
        row.put("health", state);
        ArrayNode checks = row.putArray("checks");
        if (healthBody != null && healthBody.path("checks").isArray()) {
            for (JsonNode check : healthBody.path("checks")) {
                ObjectNode line = checks.addObject();
                line.put("name", KafkaFigures.cut(check.path("name").asText(""), 200));
                line.put("status", KafkaFigures.cut(check.path("status").asText(""), 20));
            }
        }
        JsonNode body = status.ok() ? status.body() : null;
        row.put("version", text(body, "version"));
        row.put("instance", text(body, "instance"));
        row.set("outboxBacklog", number(body, "outboxBacklog"));
        row.set("liveGames", number(body, "liveGames"));
        row.put("status", status.outcome());
        return row;
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body == null ? null : body.get(field);
        return value == null || !value.isTextual() ? null : KafkaFigures.cut(value.asText(), 200);
    }

    private static JsonNode number(JsonNode body, String field) {
        JsonNode value = body == null ? null : body.get(field);
        return value != null && value.isIntegralNumber() ? value : Contracts.json().nullNode();
    }
}
