package club.pente.gateway.admin;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.util.Map;
import java.util.TreeMap;

/**
 * A consumer group's lag: per partition the end offset minus the group's committed offset (never below 0; a
 * partition whose end is unknown counts 0), summed per topic and in all.
 */
public record Lag(long total, Map<String, Long> byTopic) {
    public static Lag of(Map<TopicPartition, OffsetAndMetadata> committed, Map<TopicPartition, Long> ends) {
        Map<String, Long> byTopic = new TreeMap<>();
        long total = 0;
        for (Map.Entry<TopicPartition, OffsetAndMetadata> entry : committed.entrySet()) {
            if (entry.getValue() == null) {
                continue; // listed without a committed offset
            }
            Long end = ends.get(entry.getKey());
            long lag = end == null ? 0 : Math.max(0, end - entry.getValue().offset());
            byTopic.merge(entry.getKey().topic(), lag, Long::sum);
            total += lag;
        }
        return new Lag(total, byTopic);
    }
}
