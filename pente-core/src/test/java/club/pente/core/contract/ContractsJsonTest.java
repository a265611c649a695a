package club.pente.core.contract;

import club.pente.core.rules.Announcement;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ContractsJsonTest {
    private static final ObjectMapper JSON = Contracts.json();
    private static final Instant AT = Instant.parse("2026-11-30T12:00:00.123Z");
    private static final PlayerRef ALICE = new PlayerRef("4f1c-alice", "alice");
    private static final PlayerRef AI = PlayerRef.computer(5);

    @Test
    void commandsRoundTripThroughTheirInterface() throws Exception {
        List<GameCommand> commands = List.of(
                new CreateGame(1, "c1", "g1", ALICE, AI, false, new TimeControl(600, 5), AT),
                new PlayMove(1, "c2", "g1", "4f1c-alice", 1, "K10", AT),
                new Resign(1, "c3", "g1", "ai:5", AT),
                new Abort(1, "c4", "g1", "admin-id", "cheating", AT, null),
                new ClaimTimeout(1, "c5", "g1", AT));
        for (GameCommand command : commands) {
            String text = JSON.writeValueAsString(command);
            assertThat(JSON.readValue(text, GameCommand.class)).isEqualTo(command);
        }
    }

    @Test
    void staffCommandsEventsAuditAndSanctionsRoundTrip() throws Exception {
        StaffActor mod = new StaffActor("9a7e-mod", "mod", StaffRole.MODERATOR);
        StaffActor admin = new StaffActor("1b2c-admin", "admin", StaffRole.ADMIN);
        for (GameCommand command : List.of(Abort.by(mod, "g1", "stuck game"), AnnulGame.by(admin, "g1", "collusion"),
                RemoveChat.by(mod, "g1", "m1", "insult"),
                new ForfeitGame(1, "c7", "g1", "4f1c-alice", "s1", admin, "cheating", AT))) {
            assertThat(JSON.readValue(JSON.writeValueAsString(command), GameCommand.class)).isEqualTo(command);
        }
        GameEvent annulled = new GameAnnulled(1, "e9", "g1", 12, AT, "c8", true, ALICE, AI, admin, "collusion");
        assertThat(JSON.readValue(JSON.writeValueAsString(annulled), GameEvent.class)).isEqualTo(annulled);
        AuditEntry entry = AuditEntry.of("a1", AT, "game-service", mod, AuditAction.ABORT_GAME, "g1", "g1", "stuck game",
                AuditOutcome.APPLIED, null);
        assertThat(entry.targetType()).isEqualTo(AuditTarget.GAME);
        assertThat(JSON.readValue(JSON.writeValueAsString(entry), AuditEntry.class)).isEqualTo(entry);
        PlayerSanctions sanctions = new PlayerSanctions(1, "e1", "4f1c-alice",
                new PlayerSanctions.Suspension("s1", AT, null, "cheating", true, admin),
                new PlayerSanctions.Mute("m1", AT, AT.plusSeconds(600), "spam", mod), AT);
        assertThat(JSON.readValue(JSON.writeValueAsString(sanctions), PlayerSanctions.class)).isEqualTo(sanctions);
        assertThat(sanctions.suspendedAt(AT.plusSeconds(86_400 * 365L))).isTrue();
        assertThat(sanctions.mutedAt(AT.plusSeconds(600))).isFalse();
        assertThat(sanctions.suspendedAt(AT.minusSeconds(1))).isFalse();
    }

    @Test
    void adminIncludesModeratorAndAStaffRoleComesOnlyFromTheRealmRoles() {
        assertThat(StaffRole.highest(List.of("player", "moderator", "admin"))).contains(StaffRole.ADMIN);
        assertThat(StaffRole.highest(List.of("player", "moderator"))).contains(StaffRole.MODERATOR);
        assertThat(StaffRole.highest(List.of("player", "guest"))).isEmpty();
        assertThat(StaffRole.ADMIN.includes(StaffRole.MODERATOR)).isTrue();
        assertThat(StaffRole.MODERATOR.includes(StaffRole.ADMIN)).isFalse();
        assertThatThrownBy(() -> Abort.by(new StaffActor("x", "x\u0007", StaffRole.ADMIN), "g1", "r"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnnulGame.by(new StaffActor("x", "x", StaffRole.ADMIN), "g1", " \n"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void playMoveHasTheDocumentedJsonForm() throws Exception {
        JsonNode json = JSON.readTree(JSON.writeValueAsString(new PlayMove(1, "c2", "g1", "p1", 3, "N10", AT)));
        assertThat(json.get("type").asText()).isEqualTo("PlayMove");
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(json.get("commandId").asText()).isEqualTo("c2");
        assertThat(json.get("gameId").asText()).isEqualTo("g1");
        assertThat(json.get("playerId").asText()).isEqualTo("p1");
        assertThat(json.get("expectedPly").asInt()).isEqualTo(3);
        assertThat(json.get("point").asText()).isEqualTo("N10");
        assertThat(json.get("issuedAt").asText()).isEqualTo("2026-11-30T12:00:00.123Z");
    }

    @Test
    void aCommandWrittenByHandIsRead() throws Exception {
        String text = """
                {"type":"CreateGame","schemaVersion":1,"commandId":"c9","gameId":"g9",
                 "white":{"id":"guest:abc","name":"Guest"},"black":{"id":"ai:3"},
                 "ranked":false,"timeControl":{"initialSeconds":300,"incrementSeconds":5},
                 "issuedAt":"2026-11-30T12:00:00Z","someFutureField":true}""";
        CreateGame create = (CreateGame) JSON.readValue(text, GameCommand.class);
        assertThat(create.white().kind()).isEqualTo(PlayerRef.Kind.GUEST);
        assertThat(create.black().kind()).isEqualTo(PlayerRef.Kind.COMPUTER);
        assertThat(create.black().name()).isEqualTo("ai:3");
        assertThat(create.timeControl().format()).isEqualTo("300+5");
    }

    @Test
    void malformedCommandsAreRefusedWithAReason() {
        assertThatThrownBy(() -> JSON.readValue("{\"type\":\"PlayMove\",\"schemaVersion\":1,\"gameId\":\"g\",\"playerId\":\"p\",\"expectedPly\":1,\"point\":\"K10\"}", GameCommand.class))
                .hasMessageContaining("commandId must be 1 to 64 printable ASCII characters");
        assertThatThrownBy(() -> JSON.readValue("{\"type\":\"Teleport\"}", GameCommand.class))
                .hasMessageContaining("Teleport");
        assertThatThrownBy(() -> JSON.readValue("{\"type\":\"PlayMove\",", GameCommand.class))
                .isInstanceOf(com.fasterxml.jackson.core.JsonProcessingException.class);
        assertThatThrownBy(() -> JSON.readValue("{\"type\":\"PlayMove\",\"schemaVersion\":1,\"commandId\":\"c\",\"gameId\":\"g\",\"playerId\":\"p\",\"point\":\"K10\"}", GameCommand.class))
                .hasMessageContaining("expectedPly");
    }

    @Test
    void eventsRoundTripThroughTheirInterface() throws Exception {
        List<GameEvent> events = List.of(
                new GameStarted(1, "e1", "g1", 1, AT, "c1", ALICE, AI, true, new TimeControl(300, 5), new Clocks(300_000, 300_000)),
                new MovePlayed(1, "e2", "g1", 2, AT, "c2", 5, Color.WHITE, ALICE.id(), "N10", List.of("L10", "M10"),
                        new PerSide(1, 0), Set.of(Announcement.TRIA), new Clocks(290_000, 300_000)),
                new MoveRejected(1, "e3", "g1", 2, AT, "c3", "ai:5", RejectionReason.NOT_YOUR_TURN, "it is white's turn"),
                new GameEnded(1, "e4", "g1", 3, AT, "c2", Status.WHITE_WINS, EndReason.FIVE_IN_A_ROW, true, ALICE, AI, 9,
                        new PerSide(1, 0), new PerSide(6, 0), null));
        for (GameEvent event : events) {
            String text = JSON.writeValueAsString(event);
            assertThat(JSON.readValue(text, GameEvent.class)).isEqualTo(event);
            assertThat(JSON.readTree(text).get("type").asText()).isEqualTo(event.getClass().getSimpleName());
        }
    }

    @Test
    void movePlayedHasTheDocumentedJsonForm() throws Exception {
        MovePlayed move = new MovePlayed(1, "e2", "g1", 7, AT, "c2", 5, Color.BLACK, "b", "N10", List.of("L10", "M10"),
                new PerSide(0, 1), Set.of(Announcement.TESSERA), null);
        JsonNode json = JSON.readTree(JSON.writeValueAsString(move));
        assertThat(json.get("version").asLong()).isEqualTo(7);
        assertThat(json.get("color").asText()).isEqualTo("BLACK");
        assertThat(json.get("captured").toString()).isEqualTo("[\"L10\",\"M10\"]");
        assertThat(json.get("capturedPairs").toString()).isEqualTo("{\"white\":0,\"black\":1}");
        assertThat(json.get("announcements").toString()).isEqualTo("[\"TESSERA\"]");
        assertThat(json.get("clocks").isNull()).isTrue();
    }

    @Test
    void ratingAndPresenceEventsRoundTrip() throws Exception {
        RatingChanged rating = new RatingChanged(1, "e", "p", "g", 1500, 1520, true, AT, RatingChanged.Cause.GAME);
        assertThat(JSON.readValue(JSON.writeValueAsString(rating), RatingChanged.class)).isEqualTo(rating);
        PresenceChanged presence = new PresenceChanged(1, "e", "lobby", "gw-1", 12, 0, 0, AT);
        assertThat(JSON.readValue(JSON.writeValueAsString(presence), PresenceChanged.class)).isEqualTo(presence);
        PresenceChanged game = new PresenceChanged(1, "e", "g-1", "gw-1", 0, 3, 1, AT, java.util.List.of("p-1"));
        assertThat(JSON.readValue(JSON.writeValueAsString(game), PresenceChanged.class)).isEqualTo(game);
        // A report of a gateway from before the player ids: no ids, never null.
        String old = "{\"schemaVersion\":1,\"eventId\":\"e\",\"scope\":\"g-1\",\"gatewayId\":\"gw-1\",\"online\":0,"
                + "\"spectators\":3,\"playersConnected\":1,\"occurredAt\":\"2026-01-01T00:00:00Z\"}";
        assertThat(JSON.readValue(old, PresenceChanged.class).players()).isEmpty();
    }

    @Test
    void timeControlsParseAndRefuseNonsense() {
        assertThat(TimeControl.parse("600+5")).isEqualTo(new TimeControl(600, 5));
        assertThat(TimeControl.parse("-")).isEqualTo(TimeControl.UNTIMED);
        assertThat(TimeControl.UNTIMED.format()).isEqualTo("-");
        assertThatThrownBy(() -> TimeControl.parse("ten minutes")).hasMessageContaining("like 600+5");
        assertThatThrownBy(() -> new TimeControl(-1, 0)).hasMessageContaining("negative");
        assertThatThrownBy(() -> CreateGame.of("g", ALICE, ALICE, false, TimeControl.UNTIMED)).hasMessageContaining("themselves");
    }
}
