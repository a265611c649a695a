package club.pente.gateway.presence;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.Ids;
import club.pente.core.contract.PresenceChanged;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is connected, across gateway instances: each gateway publishes its own counts on
 * {@code pente.presence} (per game: spectators and connected players; for the lobby: people online) and
 * reads everyone's, so a count shown in a game is the sum over all gateways.
 */
@ApplicationScoped
public class Presence {
    public static final String LOBBY = "lobby";
    private static final long STALE_MILLIS = 30_000;
    private static final int MAX_COUNT = 1_000_000;

    private record Report(int online, int spectators, long at) {
    }

    private final String gatewayId;
    private final Emitter<Record<String, String>> emitter;
    /** scope -> gateway id -> its latest report. */
    private final Map<String, Map<String, Report>> reports = new ConcurrentHashMap<>();

    public Presence(InstanceSettings instance, @Channel("presence-out") Emitter<Record<String, String>> emitter) {
        this.gatewayId = instance.id();
        this.emitter = emitter;
    }

    public void publishGame(String gameId, int spectators, int playersConnected) {
        publish(new PresenceChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, gatewayId, 0, spectators,
                playersConnected, Contracts.now()));
    }

    public void publishLobby(int online) {
        publish(new PresenceChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), LOBBY, gatewayId, online, 0, 0, Contracts.now()));
    }

    private void publish(PresenceChanged presence) {
        try {
            emitter.send(Record.of(presence.scope(), Contracts.json().writeValueAsString(presence)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Incoming("presence")
    public void onPresence(String json) {
        try {
            PresenceChanged presence = Contracts.json().readValue(json, PresenceChanged.class);
            if (!plausible(presence)) {
                return;
            }
            if (!gatewayId.equals(presence.gatewayId())) {
                reports.computeIfAbsent(presence.scope(), s -> new ConcurrentHashMap<>())
                        .put(presence.gatewayId(), new Report(presence.online(), presence.spectators(), System.currentTimeMillis()));
            }
        } catch (Exception e) {
            // not a presence message we understand: ignore
        }
    }

    /** A report another gateway could have sent: ids by the id rule, counts within what one gateway can hold. */
    static boolean plausible(PresenceChanged presence) {
        return presence != null && Ids.isId(presence.scope()) && Ids.isId(presence.gatewayId())
                && presence.online() >= 0 && presence.online() <= MAX_COUNT
                && presence.spectators() >= 0 && presence.spectators() <= MAX_COUNT;
    }

    /** Reports of gateways that stopped reporting are dropped, and with them the games nobody watches any more. */
    @Scheduled(every = "30s")
    void forgetStale() {
        long fresh = System.currentTimeMillis() - STALE_MILLIS;
        reports.values().forEach(byGateway -> byGateway.values().removeIf(report -> report.at() < fresh));
        reports.values().removeIf(Map::isEmpty);
    }

    /** This gateway's count plus the latest fresh count of every other gateway. */
    public int spectators(String gameId, int local) {
        return local + others(gameId, Report::spectators);
    }

    public int online(int local) {
        return local + others(LOBBY, Report::online);
    }

    private int others(String scope, java.util.function.ToIntFunction<Report> count) {
        Map<String, Report> byGateway = reports.get(scope);
        if (byGateway == null) {
            return 0;
        }
        long fresh = System.currentTimeMillis() - STALE_MILLIS;
        return byGateway.values().stream().filter(r -> r.at() >= fresh).mapToInt(count).sum();
    }
}
