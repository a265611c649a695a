package club.pente.gateway.presence;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PresenceChanged;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Players' presence as other gateways report it, without Kafka: who is connected where, since when not,
 * and what a gateway that stopped reporting leaves behind (its players are absent from its last report).
 */
class PresenceTest {
    private final Presence presence = new Presence(() -> "gw-here", null);

    private static PresenceChanged report(String gateway, String game, String... players) {
        return new PresenceChanged(Contracts.SCHEMA_VERSION, Contracts.newId(), game, gateway, 0, 1, players.length,
                Contracts.now(), List.of(players));
    }

    @Test
    void aPlayerIsConnectedWhileAFreshReportNamesThemAndAbsentFromTheReportThatStoppedNamingThem() {
        presence.received(report("gw-b", "g1", "alice", "bob"), 1_000);
        assertThat(presence.connectedElsewhere("g1", "alice", 2_000)).isTrue();
        assertThat(presence.connectedElsewhere("g2", "alice", 2_000)).isFalse();
        assertThat(presence.connectedElsewhere("g1", "carol", 2_000)).isFalse();

        presence.received(report("gw-b", "g1", "bob"), 5_000);
        assertThat(presence.connectedElsewhere("g1", "alice", 6_000)).isFalse();
        assertThat(presence.lastSeenElsewhere("g1", "alice")).isEqualTo(5_000);
        assertThat(presence.connectedElsewhere("g1", "bob", 6_000)).isTrue();
        // Nobody ever named carol here: no sighting at all.
        assertThat(presence.lastSeenElsewhere("g1", "carol")).isZero();
    }

    @Test
    void aGatewayThatStoppedReportingLeavesItsPlayersAbsentFromItsLastReport() {
        presence.received(report("gw-dead", "g1", "alice"), 10_000);
        assertThat(presence.connectedElsewhere("g1", "alice", 10_000 + Presence.STALE_MILLIS)).isTrue();
        assertThat(presence.connectedElsewhere("g1", "alice", 10_001 + Presence.STALE_MILLIS)).isFalse();
        assertThat(presence.lastSeenElsewhere("g1", "alice")).isEqualTo(10_000);
        // Another gateway that has her keeps her connected, whatever the dead one said.
        presence.received(report("gw-live", "g1", "alice"), 50_000);
        assertThat(presence.connectedElsewhere("g1", "alice", 51_000)).isTrue();
    }

    @Test
    void aLobbyReportCarriesItsGatewaysLoadAndAnOldOneWithoutItReadsAsUnknown() {
        presence.onPresence("{\"schemaVersion\":1,\"eventId\":\"e1\",\"scope\":\"lobby\",\"gatewayId\":\"gw-new\",\"online\":3,"
                + "\"spectators\":0,\"playersConnected\":0,\"games\":2,\"sockets\":5,\"lobbySockets\":1}");
        presence.onPresence("{\"schemaVersion\":1,\"eventId\":\"e2\",\"scope\":\"lobby\",\"gatewayId\":\"gw-old\",\"online\":1,"
                + "\"spectators\":0,\"playersConnected\":0}");
        presence.onPresence("{\"schemaVersion\":1,\"eventId\":\"e3\",\"scope\":\"lobby\",\"gatewayId\":\"gw-odd\",\"online\":1,"
                + "\"spectators\":0,\"playersConnected\":0,\"games\":-1,\"sockets\":\"5\",\"lobbySockets\":1.5}");
        Map<String, Presence.GatewayLoad> loads = new java.util.HashMap<>();
        presence.gateways().forEach(load -> loads.put(load.instance(), load));
        assertThat(loads.get("gw-new")).extracting(Presence.GatewayLoad::games, Presence.GatewayLoad::sockets,
                Presence.GatewayLoad::lobbySockets).containsExactly(2, 5, 1);
        assertThat(loads.get("gw-old").games()).isNull();
        assertThat(loads.get("gw-odd")).extracting(Presence.GatewayLoad::games, Presence.GatewayLoad::sockets,
                Presence.GatewayLoad::lobbySockets).containsOnlyNulls();
        assertThat(loads.values()).noneMatch(Presence.GatewayLoad::self);
        // The counts other gateways use are unchanged by the new fields.
        assertThat(presence.online(0)).isEqualTo(5);
    }

    @Test
    void implausibleReportsAreIgnored() throws Exception {
        for (PresenceChanged bad : List.of(report("gw-b", "g1", "a", "b", "c"), report("gw-b", "g1", "has space"),
                report("gw-b", "g1", "x".repeat(129)))) {
            presence.onPresence(Contracts.json().writeValueAsString(bad));
        }
        presence.onPresence("{\"scope\":\"g1\",\"gatewayId\":\"gw-b\",\"players\":\"alice\"}");
        presence.onPresence("{\"scope\":\"g1\",\"gatewayId\":\"gw-b\",\"players\":[7]}");
        for (String player : List.of("a", "b", "c", "has space", "alice", "7")) {
            assertThat(presence.connectedElsewhere("g1", player)).as(player).isFalse();
            assertThat(presence.lastSeenElsewhere("g1", player)).as(player).isZero();
        }
        // A gateway's own reports come back through Kafka too: it knows its sockets better.
        presence.onPresence(Contracts.json().writeValueAsString(report("gw-here", "g1", "alice")));
        assertThat(presence.connectedElsewhere("g1", "alice")).isFalse();
        // And a report from before the player ids reads as naming nobody.
        presence.onPresence("{\"schemaVersion\":1,\"eventId\":\"e\",\"scope\":\"g1\",\"gatewayId\":\"gw-old\",\"online\":0,"
                + "\"spectators\":2,\"playersConnected\":1,\"occurredAt\":\"2026-01-01T00:00:00Z\"}");
        assertThat(presence.spectators("g1", 0)).isEqualTo(2);
        assertThat(presence.connectedElsewhere("g1", "alice")).isFalse();
    }
}
