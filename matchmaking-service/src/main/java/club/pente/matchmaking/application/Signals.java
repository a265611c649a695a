package club.pente.matchmaking.application;

import club.pente.kit.outbox.OutboxPublisher;
import club.pente.messaging.WakeSignal;
import jakarta.enterprise.context.ApplicationScoped;

/** The two loops this instance can wake: pairing (a seek arrived) and the outbox relay (rows committed). */
@ApplicationScoped
public class Signals {
    private final WakeSignal pairing = new WakeSignal();
    private final OutboxPublisher outbox;

    public Signals(OutboxPublisher outbox) {
        this.outbox = outbox;
    }

    public WakeSignal pairing() {
        return pairing;
    }

    public OutboxPublisher outbox() {
        return outbox;
    }
}
