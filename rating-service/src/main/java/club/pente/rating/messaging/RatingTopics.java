package club.pente.rating.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Topic names, configurable so that a test run or a second environment can use its own. */
@ApplicationScoped
public class RatingTopics {
    private final String events;
    private final String eventsDeadLetter;
    private final String ratingEvents;

    public RatingTopics(@ConfigProperty(name = "pente.topic.events") String events,
                        @ConfigProperty(name = "pente.topic.events-dlq") String eventsDeadLetter,
                        @ConfigProperty(name = "pente.topic.rating-events") String ratingEvents) {
        this.events = events;
        this.eventsDeadLetter = eventsDeadLetter;
        this.ratingEvents = ratingEvents;
    }

    /** The game events this service reads. */
    public String events() {
        return events;
    }

    /** Where game events this service cannot read go. */
    public String eventsDeadLetter() {
        return eventsDeadLetter;
    }

    /** Where this service publishes RatingChanged. */
    public String ratingEvents() {
        return ratingEvents;
    }
}
