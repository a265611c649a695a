package club.pente.ai;

import club.pente.ai.support.AiServiceTestResource;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MakeOffer;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.MovesTakenBack;
import club.pente.core.contract.OfferDeclined;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.OfferMade;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Offers to the computer through Kafka and the real game service: it grants a takeback in a casual game and
 * then plays from the restored position (never a move thought out for the old one); it declines a draw.
 */
@QuarkusTest
@QuarkusTestResource(value = AiServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class TableWithComputerTest {
    /** What a move of the computer sent for a position that no longer exists would be refused with. */
    private static final Set<RejectionReason> STALE = EnumSet.of(RejectionReason.STALE_PLY, RejectionReason.OCCUPIED,
            RejectionReason.NOT_YOUR_TURN, RejectionReason.FIRST_MOVE_NOT_CENTRE, RejectionReason.TOURNAMENT_RULE);
    private static GameStreams streams;

    @BeforeAll
    static void open() {
        streams = GameStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void close() throws Exception {
        streams.close();
    }

    private static MovePlayed play(String gameId, PlayerRef human, int ply, String point) {
        streams.send(PlayMove.of(gameId, human.id(), ply, point));
        return streams.await(gameId, MovePlayed.class, m -> m.ply() == ply && m.playerId().equals(human.id()));
    }

    private static MovePlayed computersMove(String gameId, int ply) {
        return streams.await(gameId, MovePlayed.class, m -> m.ply() == ply, Duration.ofSeconds(30));
    }

    private static String start(PlayerRef white, PlayerRef black) {
        String gameId = "table-ai-" + UUID.randomUUID();
        streams.send(CreateGame.of(gameId, white, black, false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, e -> true);
        return gameId;
    }

    @Test
    void theComputerGrantsATakebackAndPlaysOnFromTheRestoredPosition() {
        PlayerRef human = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
        PlayerRef computer = PlayerRef.computer(2);
        String gameId = start(human, computer);
        play(gameId, human, 1, "K10");
        MovePlayed second = computersMove(gameId, 2);
        play(gameId, human, 3, "F5");
        MovePlayed fourth = computersMove(gameId, 4);

        // The human is to move: a takeback removes the computer's reply and the human's move (2 plies).
        streams.send(MakeOffer.of(gameId, human.id(), OfferKind.TAKEBACK));
        streams.await(gameId, OfferMade.class, o -> o.kind() == OfferKind.TAKEBACK);
        MovesTakenBack back = streams.await(gameId, MovesTakenBack.class, e -> true);
        assertThat(back.removed()).isEqualTo(2);
        assertThat(back.ply()).isEqualTo(2);
        assertThat(back.toMove()).isEqualTo(Color.WHITE);

        // A different ply 3: the computer must answer ply 4 again, for this position.
        String other = second.point().equals("O15") ? "E15" : "O15";
        play(gameId, human, 3, other);
        MovePlayed again = streams.await(gameId, MovePlayed.class, m -> m.ply() == 4 && !m.eventId().equals(fourth.eventId()),
                Duration.ofSeconds(30));
        assertThat(again.playerId()).isEqualTo(computer.id());
        Position position = new Position();
        for (String point : List.of("K10", second.point(), other)) {
            position.play(Notation.parse(point));
        }
        assertThat(position.check(Notation.parse(again.point()))).as("legal in the restored position").isNull();
        assertThat(streams.events(gameId)).noneMatch(e -> e instanceof MoveRejected r && r.playerId().equals(computer.id()));
    }

    @Test
    void aTakebackAskedWhileTheComputerThinksNeverLetsAStaleMoveThrough() {
        PlayerRef human = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
        PlayerRef computer = PlayerRef.computer(8);
        String gameId = start(human, computer);
        play(gameId, human, 1, "K10");
        computersMove(gameId, 2);
        play(gameId, human, 3, "F5");
        // At once, while the computer thinks about ply 4 (or just after it moved): take back.
        streams.send(MakeOffer.of(gameId, human.id(), OfferKind.TAKEBACK));
        MovesTakenBack back = streams.await(gameId, MovesTakenBack.class, e -> true, Duration.ofSeconds(30));
        assertThat(back.toMove()).isEqualTo(Color.WHITE);
        int ply = back.ply() + 1;
        play(gameId, human, ply, ply == 3 ? "F15" : "K10");
        MovePlayed reply = streams.await(gameId, MovePlayed.class, m -> m.ply() == ply + 1 && m.version() > back.version(),
                Duration.ofSeconds(60));
        assertThat(reply.playerId()).isEqualTo(computer.id());
        List<GameEvent> events = streams.events(gameId);
        assertThat(events).noneMatch(e -> e instanceof MoveRejected r && r.playerId().equals(computer.id()) && STALE.contains(r.reason()));
        assertThat(events.stream().filter(e -> e instanceof MovesTakenBack).count()).isEqualTo(1);
    }

    @Test
    void theComputerDeclinesADraw() {
        PlayerRef human = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
        PlayerRef computer = PlayerRef.computer(1);
        String gameId = start(computer, human);
        computersMove(gameId, 1);
        streams.send(MakeOffer.of(gameId, human.id(), OfferKind.DRAW));
        OfferDeclined declined = streams.await(gameId, OfferDeclined.class, e -> true, Duration.ofSeconds(30));
        assertThat(declined.kind()).isEqualTo(OfferKind.DRAW);
        assertThat(declined.playerId()).isEqualTo(computer.id());
        // The game goes on: the computer still answers the human's move.
        play(gameId, human, 2, "L11");
        assertThat(computersMove(gameId, 3).playerId()).isEqualTo(computer.id());
    }
}
