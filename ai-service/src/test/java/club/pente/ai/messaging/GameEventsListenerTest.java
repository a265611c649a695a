package club.pente.ai.messaging;

import club.pente.ai.application.ComputerPlayer;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MovesTakenBack;
import club.pente.core.contract.OfferKind;
import club.pente.core.contract.OfferMade;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** Which game events the computer reads, and that those it passes over unread could not have concerned it. */
class GameEventsListenerTest {
    private static final PlayerRef HUMAN = new PlayerRef("guest:" + UUID.randomUUID(), "guest");
    private static final PlayerRef OTHER_HUMAN = new PlayerRef(UUID.randomUUID().toString(), "bob");
    private static final PlayerRef COMPUTER = PlayerRef.computer(3);

    private final List<String> considered = new CopyOnWriteArrayList<>();
    private final List<String> takenBack = new CopyOnWriteArrayList<>();
    // One daemon thinker thread, never used: consider() and takenBack() are replaced.
    private final ComputerPlayer computer = new ComputerPlayer(null, null, null, new SimpleMeterRegistry(), 1) {
        @Override
        public void consider(String gameId) {
            considered.add(gameId);
        }

        @Override
        public void takenBack(String gameId) {
            takenBack.add(gameId);
        }
    };
    private final GameEventsListener listener = new GameEventsListener(computer, null);

    private static Headers typed(String type) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(EventHeaders.TYPE, EventHeaders.typeValue(type));
        return headers;
    }

    private static String json(GameEvent event) throws Exception {
        return Contracts.json().writeValueAsString(event);
    }

    private static MovePlayed move(String gameId, int ply, PlayerRef player) {
        return new MovePlayed(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, ply + 1L, Contracts.now(), Contracts.newId(), ply,
                Color.ofPly(ply), player.id(), "K10", List.of(), PerSide.ZERO, Set.of(), null);
    }

    private static GameStarted started(String gameId, PlayerRef white, PlayerRef black) {
        return new GameStarted(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 1, Contracts.now(), Contracts.newId(), white, black,
                false, TimeControl.UNTIMED, null);
    }

    private static GameEnded ended(String gameId, PlayerRef white, PlayerRef black) {
        return new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 9, Contracts.now(), Contracts.newId(), Status.WHITE_WINS,
                EndReason.RESIGNATION, false, white, black, 8, PerSide.ZERO, PerSide.ZERO, null);
    }

    @Test
    void aMoveBetweenPeopleIsPassedOverUnread() {
        String gameId = "people-" + UUID.randomUUID();
        // Not even JSON: had it been read, it would have been logged and dropped; it is not read at all.
        assertThat(listener.onRecord(gameId, typed("MovePlayed"), "{not json")).isFalse();
        assertThat(listener.onRecord(gameId, typed("MoveRejected"), "{not json")).isFalse();
        assertThat(listener.onRecord(gameId, typed("GameEnded"), "{not json")).isFalse();
        assertThat(listener.onRecord(gameId, typed("SomethingNew"), "{not json")).isFalse();
        assertThat(considered).isEmpty();
    }

    @Test
    void theComputersGamesAreFollowedAsBefore() throws Exception {
        String gameId = "vs-ai-" + UUID.randomUUID();
        assertThat(listener.onRecord(gameId, typed("GameStarted"), json(started(gameId, HUMAN, COMPUTER)))).isTrue();
        assertThat(listener.onRecord(gameId, typed("MovePlayed"), json(move(gameId, 1, HUMAN)))).isTrue();
        assertThat(considered).containsExactly(gameId, gameId);
        assertThat(listener.onRecord(gameId, typed("GameEnded"), json(ended(gameId, HUMAN, COMPUTER)))).isTrue();
        // Over: the next record of that game (a late duplicate, say) is passed over.
        assertThat(listener.onRecord(gameId, typed("MovePlayed"), json(move(gameId, 9, HUMAN)))).isFalse();
        assertThat(considered).containsExactly(gameId, gameId);
    }

    @Test
    void offersAndTakebacksInTheComputersGamesReachItChatAndDeclinesDoNot() throws Exception {
        String gameId = "vs-ai-" + UUID.randomUUID();
        listener.onRecord(gameId, typed("GameStarted"), json(started(gameId, HUMAN, COMPUTER)));
        considered.clear();
        OfferMade offer = new OfferMade(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 4, Contracts.now(), Contracts.newId(),
                OfferKind.TAKEBACK, Color.WHITE, HUMAN.id());
        MovesTakenBack back = new MovesTakenBack(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 5, Contracts.now(),
                Contracts.newId(), 1, 2, Color.WHITE, PerSide.ZERO, null);
        assertThat(listener.onRecord(gameId, typed("OfferMade"), json(offer))).isTrue();
        assertThat(listener.onRecord(gameId, typed("MovesTakenBack"), json(back))).isTrue();
        assertThat(considered).containsExactly(gameId);
        assertThat(takenBack).containsExactly(gameId);
        for (String type : List.of("OfferDeclined", "ChatPosted", "ChatRemoved")) {
            assertThat(listener.onRecord(gameId, typed(type), "{not json")).as(type).isFalse();
        }
        String people = "people-" + UUID.randomUUID();
        listener.onRecord(people, typed("GameStarted"), json(started(people, HUMAN, OTHER_HUMAN)));
        listener.onRecord(people, typed("OfferMade"), json(new OfferMade(Contracts.SCHEMA_VERSION, Contracts.newId(), people, 4,
                Contracts.now(), Contracts.newId(), OfferKind.DRAW, Color.WHITE, HUMAN.id())));
        assertThat(considered).containsExactly(gameId);
    }

    @Test
    void aComputersMoveInAGameItLostTrackOfIsReadAndTheGameFollowedAgain() throws Exception {
        String gameId = "lost-" + UUID.randomUUID();
        assertThat(listener.onRecord(gameId, typed("MovePlayed"), json(move(gameId, 2, COMPUTER)))).isTrue();
        assertThat(listener.onRecord(gameId, typed("MovePlayed"), json(move(gameId, 3, HUMAN)))).isTrue();
        assertThat(considered).containsExactly(gameId, gameId);
    }

    @Test
    void aGameBetweenPeopleIsNotTheComputers() throws Exception {
        String gameId = "people-" + UUID.randomUUID();
        assertThat(listener.onRecord(gameId, typed("GameStarted"), json(started(gameId, HUMAN, OTHER_HUMAN)))).isTrue();
        assertThat(listener.onRecord(gameId, typed("MovePlayed"), json(move(gameId, 1, HUMAN)))).isFalse();
        assertThat(considered).isEmpty();
    }

    @Test
    void aRecordWithoutTheHeaderOrKeyIsReadInFull() throws Exception {
        String people = "people-" + UUID.randomUUID();
        assertThat(listener.onRecord(people, new RecordHeaders(), json(move(people, 1, HUMAN)))).isTrue();
        assertThat(listener.onRecord(null, typed("MovePlayed"), json(move(people, 1, HUMAN)))).isTrue();
        assertThat(considered).isEmpty();
        String vsComputer = "vs-ai-" + UUID.randomUUID();
        assertThat(listener.onRecord(vsComputer, new RecordHeaders(), json(started(vsComputer, COMPUTER, HUMAN)))).isTrue();
        assertThat(considered).containsExactly(vsComputer);
    }
}
