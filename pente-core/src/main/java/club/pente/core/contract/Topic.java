package club.pente.core.contract;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The platform's topic catalogue: every Kafka topic, once. Services, test resources, benchmarks and the
 * docs read names from here; a deployment renames a topic with the property {@link #property()} (each
 * service's {@code application.properties} refers to it as {@code ${pente.topic.<key>}}).
 *
 * <p>Streams keyed by game or player are spread over the platform's partition count (partitions are
 * how games and players spread over instances); a dead-letter topic is read by people, in order, and
 * has one partition.
 */
public enum Topic {
    /** GameCommand, keyed by game id; read only by the game service. */
    GAME_COMMANDS("commands", "pente.game.commands", true),
    /** Commands the game service gave up on. */
    GAME_COMMANDS_DLQ("commands-dlq", "pente.game.commands.dlq", false),
    /** GameStarted, MovePlayed, MoveRejected, GameEnded, keyed by game id, written only by the game service. */
    GAME_EVENTS("events", "pente.game.events", true),
    /** Game events the rating service gave up on. */
    RATING_GAME_EVENTS_DLQ("events-dlq", "pente.rating.game-events.dlq", false),
    /** RatingChanged, keyed by player id. */
    RATING_EVENTS("rating-events", "pente.rating.events", true),
    /** PresenceChanged from the gateways, keyed by game id or {@code lobby}. */
    PRESENCE("presence", "pente.presence", true),
    /** SeekMatched, InvitationAccepted, GameReady, RematchOffered, MatchFinished, LobbyCounts, InvitationReceived, InvitationDeclined, GameCreationFailed, keyed by player id or {@code lobby}. */
    MATCHMAKING_EVENTS("matchmaking-events", "pente.matchmaking.events", true),
    /** AuditEntry: every staff action, keyed by its target id, from the service that owns the target; kept forever. */
    ADMIN_AUDIT("admin-audit", "pente.admin.audit", true, Map.of("retention.ms", "-1", "retention.bytes", "-1")),
    /** PlayerSanctions: a player's whole current sanctions, keyed by player id, from matchmaking; compacted. */
    ADMIN_SANCTIONS("sanctions", "pente.admin.sanctions", true, Map.of("cleanup.policy", "compact"));

    public static final String PROPERTY_PREFIX = "pente.topic.";
    private static final String NAME_PREFIX = "pente.";

    private final String key;
    private final String defaultName;
    private final boolean partitioned;
    private final Map<String, String> config;

    Topic(String key, String defaultName, boolean partitioned) {
        this(key, defaultName, partitioned, Map.of());
    }

    Topic(String key, String defaultName, boolean partitioned, Map<String, String> config) {
        this.key = key;
        this.defaultName = defaultName;
        this.partitioned = partitioned;
        this.config = config;
    }

    /** Topic-level settings it is created with (compaction, retention); empty: the broker's defaults. */
    public Map<String, String> config() {
        return config;
    }

    /** The short name in {@code pente.topic.<key>}, e.g. {@code commands-dlq}. */
    public String key() {
        return key;
    }

    /** The configuration property that names this topic. */
    public String property() {
        return PROPERTY_PREFIX + key;
    }

    /** The name where nothing overrides it, e.g. {@code pente.game.commands}. */
    public String defaultName() {
        return defaultName;
    }

    /** Spread over the platform's partition count; {@code false}: one partition (dead letters). */
    public boolean partitioned() {
        return partitioned;
    }

    /** This topic's name in an isolated namespace: {@code <namespace>.game.commands} and so on. */
    public String nameIn(String namespace) {
        return namespace + "." + defaultName.substring(NAME_PREFIX.length());
    }

    /** Properties that give every topic of the catalogue its name in {@code namespace}, for a test run of its own. */
    public static Map<String, String> isolatedIn(String namespace) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Topic topic : values()) {
            properties.put(topic.property(), topic.nameIn(namespace));
        }
        return properties;
    }

    /** The default names, by property: what a service sees where nothing renames a topic. */
    public static Map<String, String> defaults() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Topic topic : values()) {
            properties.put(topic.property(), topic.defaultName);
        }
        return properties;
    }
}
