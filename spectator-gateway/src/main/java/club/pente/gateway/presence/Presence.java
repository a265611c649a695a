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
 * {@code pente.presence} (per game: spectators and the connected players' ids; for the lobby: people online)
 * and reads everyone's, so a count shown in a game is the sum over all gateways, and a player counts as
 * connected while some gateway's fresh report names them. A gateway re-publishes its report for every game
 * with someone connected well within {@link #STALE_MILLIS} ({@link #REPORT_EVERY_MILLIS}), so a report goes
 * stale only when its gateway stopped: its players then count as absent from its last report.
 */
@ApplicationScoped
public class Presence {
    public static final String LOBBY = "lobby";
    static final long STALE_MILLIS = 30_000;
    /** How often a gateway repeats the report of a game that someone here is connected to. */
    public static final long REPORT_EVERY_MILLIS = 10_000;
    /** How long a player's last sighting on another gateway is remembered (far beyond any abandonment time). */
    private static final long REMEMBER_MILLIS = 3_600_000;
    private static final int MAX_COUNT = 1_000_000;
    /** A game has two players: a report naming more is not one a gateway sends. */
    private static final int MAX_PLAYERS = 2;

    private record Report(int online, int spectators, java.util.List<String> players, long at) {
    }

    /**
     * A gateway's load, as its lobby report carries it in three fields the contract's {@link PresenceChanged} does not
     * name ({@code games}, {@code sockets}, {@code lobbySockets}: readers that do not know them ignore them). A report
     * from a gateway that does not send them has nulls. {@code at} is when the report arrived (or was sent, for this one).
     */
    public record GatewayLoad(String instance, Integer games, Integer sockets, Integer lobbySockets, java.time.Instant at,
                              boolean self) {
    }

    private static final String GAMES = "games";
    private static final String SOCKETS = "sockets";
    private static final String LOBBY_SOCKETS = "lobbySockets";

    private final String gatewayId;
    private final Emitter<Record<String, String>> emitter;
    /** gateway id -> its latest lobby report's load (this gateway's own included). */
    private final Map<String, GatewayLoad> loads = new ConcurrentHashMap<>();
    /** scope -> gateway id -> its latest report. */
    private final Map<String, Map<String, Report>> reports = new ConcurrentHashMap<>();
    /** game id -> player id -> when another gateway last reported them connected, or stopped doing so. */
    private final Map<String, Map<String, Long>> lastSeen = new ConcurrentHashMap<>();

    public Presence(InstanceSettings instance, @Channel("presence-out") Emitter<Record<String, String>> emitter) {
        this.gatewayId = instance.id();
        this.emitter = emitter;
    }

    /** This gateway's report for a game: its spectators and the ids of the game's players with a socket here. */
    public void publishGame(String gameId, int spectators, java.util.List<String> playersHere) {
        publish(new PresenceChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, gatewayId, 0, spectators,
                playersHere.size(), Contracts.now(), playersHere));
    }

    /**
     * This gateway's lobby report: people online here, and its load for the operations page (rooms watched here,
     * game sockets, lobby sockets).
     */
    public void publishLobby(int online, int games, int sockets, int lobbySockets) {
        PresenceChanged presence = new PresenceChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), LOBBY, gatewayId, online, 0, 0,
                Contracts.now());
        loads.put(gatewayId, new GatewayLoad(gatewayId, games, sockets, lobbySockets, presence.occurredAt(), true));
        com.fasterxml.jackson.databind.node.ObjectNode json = Contracts.json().valueToTree(presence);
        json.put(GAMES, games).put(SOCKETS, sockets).put(LOBBY_SOCKETS, lobbySockets);
        emitter.send(Record.of(presence.scope(), json.toString()));
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
            com.fasterxml.jackson.databind.JsonNode tree = Contracts.json().readTree(json);
            PresenceChanged presence = Contracts.json().treeToValue(tree, PresenceChanged.class);
            if (!plausible(presence)) {
                return;
            }
            if (!gatewayId.equals(presence.gatewayId())) {
                long now = System.currentTimeMillis();
                received(presence, now);
                if (LOBBY.equals(presence.scope())) {
                    loads.put(presence.gatewayId(), new GatewayLoad(presence.gatewayId(), count(tree.get(GAMES)), count(tree.get(SOCKETS)),
                            count(tree.get(LOBBY_SOCKETS)), java.time.Instant.ofEpochMilli(now), false));
                }
            }
        } catch (Exception e) {
            // not a presence message we understand: ignore
        }
    }

    /** A count another gateway reported: a whole number within what one gateway can hold, else unknown. */
    private static Integer count(com.fasterxml.jackson.databind.JsonNode value) {
        return value != null && value.isInt() && value.intValue() >= 0 && value.intValue() <= MAX_COUNT ? value.intValue() : null;
    }

    /** Every gateway with a fresh lobby report (this one first once it has reported), for the operations page. */
    public java.util.List<GatewayLoad> gateways() {
        long fresh = System.currentTimeMillis() - STALE_MILLIS;
        return loads.values().stream().filter(load -> load.at().toEpochMilli() >= fresh)
                .sorted(java.util.Comparator.comparing((GatewayLoad load) -> !load.self()).thenComparing(GatewayLoad::instance))
                .toList();
    }

    /**
     * Keeps another gateway's report. A player it names, or named in its previous report and no longer
     * does, was connected there until now: that is when their absence starts if no other gateway has them.
     */
    void received(PresenceChanged presence, long now) {
        Report report = new Report(presence.online(), presence.spectators(), presence.players(), now);
        Report previous = reports.computeIfAbsent(presence.scope(), s -> new ConcurrentHashMap<>())
                .put(presence.gatewayId(), report);
        if (LOBBY.equals(presence.scope())) {
            return;
        }
        java.util.Set<String> seen = new java.util.HashSet<>(presence.players());
        if (previous != null) {
            seen.addAll(previous.players());
        }
        if (!seen.isEmpty()) {
            Map<String, Long> players = lastSeen.computeIfAbsent(presence.scope(), s -> new ConcurrentHashMap<>());
            seen.forEach(player -> players.merge(player, now, Math::max));
        }
    }

    /** A report another gateway could have sent: ids by the id rule, counts within what one gateway can hold. */
    static boolean plausible(PresenceChanged presence) {
        return presence != null && Ids.isId(presence.scope()) && Ids.isId(presence.gatewayId())
                && presence.online() >= 0 && presence.online() <= MAX_COUNT
                && presence.spectators() >= 0 && presence.spectators() <= MAX_COUNT
                && presence.players().size() <= MAX_PLAYERS && presence.players().stream().allMatch(Ids::isPlayerId);
    }

    /**
     * Reports of gateways that stopped reporting are dropped, and with them the games nobody watches any
     * more; a player's last sighting is kept for an hour (their absence still counts from it).
     */
    @Scheduled(every = "30s")
    void forgetStale() {
        long now = System.currentTimeMillis();
        reports.values().forEach(byGateway -> byGateway.values().removeIf(report -> report.at() < now - STALE_MILLIS));
        reports.values().removeIf(Map::isEmpty);
        lastSeen.values().forEach(players -> players.values().removeIf(at -> at < now - REMEMBER_MILLIS));
        lastSeen.values().removeIf(Map::isEmpty);
        loads.values().removeIf(load -> load.at().toEpochMilli() < now - STALE_MILLIS);
    }

    /** True when another gateway's fresh report names the player as connected to the game. */
    public boolean connectedElsewhere(String gameId, String playerId) {
        return connectedElsewhere(gameId, playerId, System.currentTimeMillis());
    }

    boolean connectedElsewhere(String gameId, String playerId, long now) {
        Map<String, Report> byGateway = reports.get(gameId);
        if (byGateway == null) {
            return false;
        }
        long fresh = now - STALE_MILLIS;
        return byGateway.values().stream().anyMatch(r -> r.at() >= fresh && r.players().contains(playerId));
    }

    /** When another gateway last had the player connected to the game (0 when none ever said so). */
    public long lastSeenElsewhere(String gameId, String playerId) {
        Map<String, Long> players = lastSeen.get(gameId);
        return players == null ? 0 : players.getOrDefault(playerId, 0L);
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
