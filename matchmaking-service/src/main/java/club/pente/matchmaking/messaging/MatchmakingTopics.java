package club.pente.matchmaking.messaging;

import club.pente.matchmaking.persistence.Outbox;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Topic names, configurable so that a test run or a second environment can use its own. */
@ApplicationScoped
public class MatchmakingTopics {
    private final String commands;
    private final String events;
    private final String presence;
    private final String notifications;

    public MatchmakingTopics(@ConfigProperty(name = "pente.topic.commands") String commands,
                             @ConfigProperty(name = "pente.topic.events") String events,
                             @ConfigProperty(name = "pente.topic.presence") String presence,
                             @ConfigProperty(name = "pente.topic.matchmaking-events") String notifications) {
        this.commands = commands;
        this.events = events;
        this.presence = presence;
        this.notifications = notifications;
    }

    public String commands() {
        return commands;
    }

    public String events() {
        return events;
    }

    public String presence() {
        return presence;
    }

    public String notifications() {
        return notifications;
    }

    public String of(Outbox.Channel channel) {
        return channel == Outbox.Channel.COMMANDS ? commands : notifications;
    }
}
