package club.pente.gateway.messaging;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.rules.Color;
import club.pente.gateway.ws.LobbySockets;
import club.pente.gateway.ws.RoomFanOut;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the gateway does with each game event record, on plain objects: records of games nobody watches
 * here are skipped unread, the lobby hears of started, ended and moved games by the type header, and one record
 * that cannot be served never costs the rest of its batch.
 */
class GameEventsFeedTest {
    private static final String TOPIC = "test.game.events";

    private final Set<String> watched = new java.util.HashSet<>();
    private final List<String> served = new CopyOnWriteArrayList<>();
    private final AtomicInteger lobbyRefreshes = new AtomicInteger();
    private final List<String> failing = new ArrayList<>();

    private final RoomFanOut rooms = new RoomFanOut(null, null, null) {
        @Override
        public boolean watching(String gameId) {
            return watched.contains(gameId);
        }

        @Override
        public void onEvent(GameEvent event, String json) {
            if (failing.contains(event.eventId())) {
                throw new IllegalStateException("a room that cannot take this event");
            }
            served.add(event.eventId() + " " + json.length());
        }
    };
    private final LobbySockets lobby = new LobbySockets(null, null, null, null, null) {
        @Override
        public void gamesMayHaveChanged() {
            lobbyRefreshes.incrementAndGet();
        }
    };
    private final GameEventsFeed feed = new GameEventsFeed(rooms, lobby);

    private static MovePlayed move(String gameId, int ply) {
        return new MovePlayed(Contracts.SCHEMA_VERSION, "e-" + gameId + "-" + ply, gameId, ply + 1L, Contracts.now(), Contracts.newId(),
                ply, Color.ofPly(ply), "guest:x", "K10", List.of(), PerSide.ZERO, Set.of(), null);
    }

    private static String json(GameEvent event) throws Exception {
        return Contracts.json().writeValueAsString(event);
    }

    private static ConsumerRecord<String, String> record(long offset, String key, String type, String value) {
        RecordHeaders headers = new RecordHeaders();
        if (type != null) {
            headers.add(new RecordHeader(EventHeaders.TYPE, EventHeaders.typeValue(type)));
        }
        return new ConsumerRecord<>(TOPIC, 0, offset, 0L, TimestampType.CREATE_TIME, -1, -1, key, value, headers, Optional.empty());
    }

    private static ConsumerRecords<String, String> batch(List<ConsumerRecord<String, String>> records) {
        return new ConsumerRecords<>(Map.of(new TopicPartition(TOPIC, 0), records), Map.of());
    }

    @Test
    void aRecordOfAGameNobodyWatchesIsSkippedUnread() {
        feed.onEvents(batch(List.of(record(0, "nobody-watches", "MovePlayed", "{not json"))));
        assertThat(served).isEmpty();
        assertThat(lobbyRefreshes).hasValue(1); // by its type header: the lobby's list shows the ply
    }

    @Test
    void aWatchedGamesEventIsServedWithItsJsonAsRead() throws Exception {
        watched.add("g1");
        String value = json(move("g1", 1));
        feed.onEvents(batch(List.of(record(0, "g1", "MovePlayed", value))));
        assertThat(served).containsExactly("e-g1-1 " + value.length());
        assertThat(lobbyRefreshes).hasValue(1);
    }

    @Test
    void theLobbyHearsOfStartedEndedAndMovedGamesAndOfRecordsWithoutTheHeader() {
        // Moves and takebacks count too (issue 14: the live list showed "move 0" for games in progress).
        feed.onEvents(batch(List.of(
                record(0, "a", "GameStarted", "{}"),
                record(1, "b", "MovePlayed", "{}"),
                record(2, "c", "GameEnded", "{}"),
                record(3, "d", "MoveRejected", "{}"),
                record(4, "e", null, "{}"),
                record(5, "f", "MovesTakenBack", "{}"),
                record(6, "g", "ChatPosted", "{}"))));
        assertThat(lobbyRefreshes).hasValue(5);
    }

    @Test
    void anEventOfAnotherGameThanItsKeyATombstoneAndUnreadableJsonAreNotServed() throws Exception {
        watched.add("g1");
        feed.onEvents(batch(List.of(
                record(0, "g1", "MovePlayed", json(move("g2", 1))),
                record(1, "g1", "MovePlayed", null),
                record(2, "g1", "MovePlayed", "{\"type\":\"MovePlayed\",\"gameId\":"),
                record(3, "g1", "MovePlayed", "{\"type\":\"SomethingNew\",\"gameId\":\"g1\"}"))));
        assertThat(served).isEmpty();
    }

    @Test
    void aRecordThatCannotBeServedIsSkippedAloneNeverTheRestOfItsBatch() throws Exception {
        watched.add("g1");
        watched.add("g2");
        failing.add("e-g1-2");
        feed.onEvents(batch(List.of(
                record(0, "g1", "MovePlayed", json(move("g1", 1))),
                record(1, "g1", "MovePlayed", json(move("g1", 2))),
                record(2, "g2", "MovePlayed", json(move("g2", 1))),
                record(3, "g1", "MovePlayed", json(move("g1", 3))))));
        assertThat(served).extracting(s -> s.substring(0, s.indexOf(' '))).containsExactly("e-g1-1", "e-g2-1", "e-g1-3");
    }
}
