package club.pente.matchmaking.application;

import club.pente.messaging.OutboxSignal;

import jakarta.enterprise.context.ApplicationScoped;

/** The two loops this instance can wake: pairing (a seek arrived) and the outbox relay (rows committed). */
@ApplicationScoped
public class Signals {
    private final Signal pairing = new Signal();
    private final OutboxSignal outbox = new OutboxSignal();

    public Signal pairing() {
        return pairing;
    }

    public OutboxSignal outbox() {
        return outbox;
    }
}
