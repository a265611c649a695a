package club.pente.kit.outbox;

import club.pente.kit.topics.TopicNames;
import club.pente.messaging.OutboxTable;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OutboxTableTest {
    private final TopicNames topics = new TopicNames(Map.of("rating-events", "test.rating.events"), 4, (short) 1);

    @Test
    void oneTopicByCatalogueKeyUnderItsConfiguredName() {
        OutboxTable table = OutboxPublisher.table(settings("player_id", Optional.empty(), Optional.of("rating-events"), Map.of(),
                Optional.of("0x50656E7465526174")), topics);
        assertThat(table).isEqualTo(OutboxTable.singleTopic("player_id", "test.rating.events", 0x50656E7465526174L));
    }

    @Test
    void channelsGoToTheirTopics() {
        OutboxTable table = OutboxPublisher.table(settings("record_key", Optional.of("channel"), Optional.empty(),
                Map.of("COMMANDS", "commands", "NOTIFICATIONS", "matchmaking-events"), Optional.of("12345")), topics);
        assertThat(table).isEqualTo(OutboxTable.byChannel("record_key", "channel",
                Map.of("COMMANDS", "pente.game.commands", "NOTIFICATIONS", "pente.matchmaking.events"), 12345L));
    }

    @Test
    void anIncompleteDescriptionIsRefusedAtStartup() {
        assertThatThrownBy(() -> OutboxPublisher.table(settings("k", Optional.empty(), Optional.of("commands"), Map.of(), Optional.empty()), topics))
                .hasMessageContaining("pente.outbox.lock-key");
        assertThatThrownBy(() -> OutboxPublisher.table(settings("k", Optional.empty(), Optional.empty(), Map.of(), Optional.of("1")), topics))
                .hasMessageContaining("pente.outbox.topic");
        assertThatThrownBy(() -> OutboxPublisher.table(settings("k", Optional.empty(), Optional.of("no-such-topic"), Map.of(), Optional.of("1")), topics))
                .hasMessageContaining("not a topic of the catalogue");
        assertThatThrownBy(() -> OutboxPublisher.table(settings("k", Optional.of("channel"), Optional.empty(), Map.of(), Optional.of("1")), topics))
                .hasMessageContaining("pente.outbox.channels");
    }

    private static OutboxSettings settings(String keyColumn, Optional<String> channelColumn, Optional<String> topic,
                                           Map<String, String> channels, Optional<String> lockKey) {
        return new OutboxSettings() {
            public Optional<String> name() {
                return Optional.of("test");
            }

            public String keyColumn() {
                return keyColumn;
            }

            public Optional<String> channelColumn() {
                return channelColumn;
            }

            public Optional<String> topic() {
                return topic;
            }

            public Map<String, String> channels() {
                return channels;
            }

            public Optional<String> lockKey() {
                return lockKey;
            }

            public int batchSize() {
                return 200;
            }

            public long pollMillis() {
                return 100;
            }
        };
    }
}
