package club.pente.messaging;

import java.util.Collection;
import java.util.Map;

/**
 * Where a service keeps its outbox and where each row goes. The table has {@code seq} (identity, the
 * publishing order), {@code payload}, {@code published_at} and a record-key column; rows go to one
 * topic, or, with a channel column, to the topic their channel names.
 *
 * @param lockKey the PostgreSQL advisory lock that elects one relay among the service's instances
 */
public record OutboxTable(String name, String keyColumn, String channelColumn, Map<String, String> topics, long lockKey) {
    private static final String ONLY = "";

    public OutboxTable {
        topics = Map.copyOf(topics);
    }

    public static OutboxTable singleTopic(String keyColumn, String topic, long lockKey) {
        return new OutboxTable("outbox", keyColumn, null, Map.of(ONLY, topic), lockKey);
    }

    public static OutboxTable byChannel(String keyColumn, String channelColumn, Map<String, String> topics, long lockKey) {
        return new OutboxTable("outbox", keyColumn, channelColumn, topics, lockKey);
    }

    String topicOf(String channel) {
        String topic = topics.get(channelColumn == null ? ONLY : channel);
        if (topic == null) {
            throw new IllegalStateException("outbox channel '" + channel + "' has no topic");
        }
        return topic;
    }

    Collection<String> allTopics() {
        return topics.values();
    }

    String selectBatch() {
        String channel = channelColumn == null ? "null" : channelColumn;
        return "select seq, " + channel + ", " + keyColumn + ", payload from " + name
                + " where published_at is null order by seq limit ?";
    }

    String markPublished() {
        return "update " + name + " set published_at = now() where seq = any(?)";
    }

    String countBacklog() {
        return "select count(*) from " + name + " where published_at is null";
    }

    String oldestUnpublished() {
        return "select min(seq) from " + name + " where published_at is null";
    }
}
