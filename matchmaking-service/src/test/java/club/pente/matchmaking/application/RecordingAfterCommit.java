package club.pente.matchmaking.application;

import java.util.concurrent.atomic.AtomicInteger;

/** Counts the wake-ups the services ask for. */
public class RecordingAfterCommit implements AfterCommit {
    public final AtomicInteger outboxWritten = new AtomicInteger();
    public final AtomicInteger seeksOpened = new AtomicInteger();

    @Override
    public void outboxWritten() {
        outboxWritten.incrementAndGet();
    }

    @Override
    public void seekOpened() {
        seeksOpened.incrementAndGet();
    }
}
