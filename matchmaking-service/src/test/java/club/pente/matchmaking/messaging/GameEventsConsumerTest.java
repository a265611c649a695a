package club.pente.matchmaking.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.TimeControl;
import club.pente.matchmaking.application.GameEndings;
import club.pente.matchmaking.application.GameStarts;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only GameEnded, GameStarted and MoveRejected (the answers to matchmaking's CreateGame) reach the
 * database; every other event is passed over, unread when its type header says so.
 */
class GameEventsConsumerTest {
    private final List<GameEnded> handled = new CopyOnWriteArrayList<>();
    private final List<GameEvent> answers = new CopyOnWriteArrayList<>();
    private final GameEventsConsumer consumer = new GameEventsConsumer(new GameEndings(null, null) {
        @Override
        public boolean handle(GameEnded ended) {
            handled.add(ended);
            return true;
        }
    }, new GameStarts(null, null) {
        @Override
        public boolean started(GameStarted started) {
            answers.add(started);
            return true;
        }

        @Override
        public boolean rejected(MoveRejected rejected) {
            answers.add(rejected);
            return true;
        }
    });

    private static Headers typed(String type) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(EventHeaders.TYPE, EventHeaders.typeValue(type));
        return headers;
    }

    private static String ended(String gameId) throws Exception {
        PlayerRef white = new PlayerRef(UUID.randomUUID().toString(), "alice");
        PlayerRef black = new PlayerRef(UUID.randomUUID().toString(), "bob");
        return Contracts.json().writeValueAsString(new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 9, Contracts.now(),
                Contracts.newId(), Status.BLACK_WINS, EndReason.RESIGNATION, true, white, black, 8, PerSide.ZERO, PerSide.ZERO, null));
    }

    private static String move(String gameId) throws Exception {
        return Contracts.json().writeValueAsString(new MovePlayed(Contracts.SCHEMA_VERSION, Contracts.newId(), gameId, 2, Contracts.now(),
                Contracts.newId(), 1, Color.WHITE, "guest:x", "K10", List.of(), PerSide.ZERO, Set.of(), null));
    }

    @Test
    void otherEventTypesArePassedOverUnread() {
        for (String type : List.of("MovePlayed", "OfferMade", "ChatPosted", "SomethingNew")) {
            assertThat(consumer.onRecord(typed(type), "{not json")).as(type).isFalse();
        }
        assertThat(handled).isEmpty();
        assertThat(answers).isEmpty();
    }

    @Test
    void theGameServicesAnswersToACreateGameAreHandedOn() throws Exception {
        PlayerRef white = new PlayerRef(UUID.randomUUID().toString(), "alice");
        PlayerRef black = new PlayerRef(UUID.randomUUID().toString(), "bob");
        GameStarted started = new GameStarted(Contracts.SCHEMA_VERSION, Contracts.newId(), "g-1", 1, Contracts.now(), "c-1", white, black,
                false, TimeControl.UNTIMED, null);
        MoveRejected rejected = new MoveRejected(Contracts.SCHEMA_VERSION, Contracts.newId(), "g-2", 0, Contracts.now(), "c-2",
                white.id(), RejectionReason.FORBIDDEN, "no");
        assertThat(consumer.onRecord(typed("GameStarted"), Contracts.json().writeValueAsString(started))).isTrue();
        assertThat(consumer.onRecord(new RecordHeaders(), Contracts.json().writeValueAsString(rejected))).isTrue();
        assertThat(answers).containsExactly(started, rejected);
        assertThat(handled).isEmpty();
    }

    @Test
    void aGameEndedIsHandledWithOrWithoutTheHeader() throws Exception {
        String first = "g-" + UUID.randomUUID();
        String second = "g-" + UUID.randomUUID();
        assertThat(consumer.onRecord(typed("GameEnded"), ended(first))).isTrue();
        assertThat(consumer.onRecord(new RecordHeaders(), ended(second))).isTrue();
        assertThat(handled).extracting(GameEnded::gameId).containsExactly(first, second);
    }

    @Test
    void withoutTheHeaderARecordIsReadAsBefore() throws Exception {
        assertThat(consumer.onRecord(new RecordHeaders(), move("g-" + UUID.randomUUID()))).isTrue();
        assertThat(consumer.onRecord(new RecordHeaders(), "{not json")).isTrue();
        assertThat(consumer.onRecord(typed("GameEnded"), "{not json")).isTrue();
        assertThat(handled).isEmpty();
    }
}
