package club.pente.matchmaking.application;

/** Wakes a background loop early (new work committed here); the loop also runs on its own tick. */
public class Signal {
    private final Object monitor = new Object();
    private boolean raised;

    public void raise() {
        synchronized (monitor) {
            raised = true;
            monitor.notifyAll();
        }
    }

    /** Returns when raised or after {@code millis}, whichever comes first, and lowers the signal. */
    public void await(long millis) throws InterruptedException {
        synchronized (monitor) {
            if (!raised) {
                monitor.wait(millis);
            }
            raised = false;
        }
    }
}
