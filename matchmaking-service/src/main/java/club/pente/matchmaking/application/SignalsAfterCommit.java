package club.pente.matchmaking.application;

import jakarta.enterprise.context.ApplicationScoped;

/** {@link AfterCommit} through this instance's {@link Signals}: the outbox relay and the pairing loop. */
@ApplicationScoped
public class SignalsAfterCommit implements AfterCommit {
    private final Signals signals;

    public SignalsAfterCommit(Signals signals) {
        this.signals = signals;
    }

    @Override
    public void outboxWritten() {
        signals.outbox().wake();
    }

    @Override
    public void seekOpened() {
        signals.pairing().wake();
    }
}
