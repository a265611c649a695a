package club.pente.matchmaking.support;

import club.pente.core.contract.AuditEntry;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.Topic;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.StreamRecorder;
import club.pente.testinfra.StreamRecorder.Recorded;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** What matchmaking publishes for staff since the run's topics began: sanctions and audit entries, with their keys. */
public final class StaffStreams implements AutoCloseable {
    private final StreamRecorder<PlayerSanctions> sanctions;
    private final StreamRecorder<AuditEntry> audit;

    private StaffStreams(String bootstrap, String sanctionsTopic, String auditTopic) {
        sanctions = StreamRecorder.fromStart(bootstrap, json -> read(json, PlayerSanctions.class), sanctionsTopic);
        audit = StreamRecorder.fromStart(bootstrap, json -> read(json, AuditEntry.class), auditTopic);
    }

    public static StaffStreams of(Config config) {
        return new StaffStreams(config.getValue("kafka.bootstrap.servers", String.class),
                IsolatedTopics.configured(config, Topic.ADMIN_SANCTIONS), IsolatedTopics.configured(config, Topic.ADMIN_AUDIT));
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return Contracts.json().readValue(json, type);
        } catch (Exception e) {
            throw new IllegalStateException("not a " + type.getSimpleName() + ": " + json, e);
        }
    }

    /** The sanctions records keyed by this player, in order. */
    public List<PlayerSanctions> sanctionsOf(String playerId) {
        return sanctions.records(r -> playerId.equals(r.key())).stream().map(Recorded::value).toList();
    }

    public List<AuditEntry> auditOf(String targetId) {
        return audit.records(r -> targetId.equals(r.key())).stream().map(Recorded::value).toList();
    }

    /** Waits until at least {@code count} sanctions records and {@code count} audit entries are keyed by the player. */
    public void awaitChanges(String playerId, int count) {
        sanctions.awaitCount("PlayerSanctions keyed " + playerId, count, r -> playerId.equals(r.key()));
        audit.awaitCount("AuditEntry keyed " + playerId, count, r -> playerId.equals(r.key()));
    }

    public int sanctionsRecords() {
        return sanctions.records().size();
    }

    public int auditRecords() {
        return audit.records().size();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            sanctions.close();
        } finally {
            audit.close();
        }
    }
}
