package club.pente.game.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Topic names, configurable so that a test run or a second environment can use its own. */
@ApplicationScoped
public class GameTopics {
    private final String commands;
    private final String commandsDeadLetter;
    private final String events;

    public GameTopics(@ConfigProperty(name = "pente.topic.commands") String commands,
                      @ConfigProperty(name = "pente.topic.commands-dlq") String commandsDeadLetter,
                      @ConfigProperty(name = "pente.topic.events") String events) {
        this.commands = commands;
        this.commandsDeadLetter = commandsDeadLetter;
        this.events = events;
    }

    public String commands() {
        return commands;
    }

    public String commandsDeadLetter() {
        return commandsDeadLetter;
    }

    public String events() {
        return events;
    }
}
