package club.pente.chaos;

import club.pente.load.GameLedger.Window;
import club.pente.load.LatencyRecorder;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One fault of the run and the load around it: from its kill until the next fault's kill (or the end). The
 * moves sent in this phase are offered in its {@link #window} (their answers, rejections and what stayed
 * unanswered belong to it); the fault window is from the kill until the part answered again after its restart.
 */
final class Phase {
    final String name;
    final Window window = new Window(LatencyRecorder.histogramOnly());
    /** Games with a move to come when the fault struck: each must have a move accepted again. */
    final Set<String> activeAtKill = ConcurrentHashMap.newKeySet();
    /** Per game active at the kill: nanoseconds from the kill to its first move accepted after it. */
    final Map<String, Long> firstAcceptAfterKill = new ConcurrentHashMap<>();
    final AtomicLong acceptedInFaultWindow = new AtomicLong();
    /** A version of one of our games read a second time from the stream while this phase ran. */
    final AtomicLong repeatedOnStream = new AtomicLong();
    volatile long killNanos;
    /** When the killed part answered again (its Stack.up returned); 0 until then. */
    volatile long backNanos;
    volatile String note = "";

    Phase(String name) {
        this.name = name;
    }

    boolean inFaultWindow(long nanos) {
        return killNanos != 0 && nanos >= killNanos && (backNanos == 0 || nanos <= backNanos);
    }

    /** Called for each accepted move (reader thread). */
    void accepted(String gameId, long receivedNanos) {
        if (killNanos == 0 || receivedNanos < killNanos) {
            return;
        }
        if (inFaultWindow(receivedNanos)) {
            acceptedInFaultWindow.incrementAndGet();
        }
        if (activeAtKill.contains(gameId)) {
            firstAcceptAfterKill.putIfAbsent(gameId, receivedNanos - killNanos);
        }
    }

    /** Seconds from the kill until every game active then had a move accepted again; -1 while one has not. */
    double secondsUntilAllAccept() {
        if (firstAcceptAfterKill.size() < activeAtKill.size()) {
            return -1;
        }
        return firstAcceptAfterKill.values().stream().mapToLong(Long::longValue).max().orElse(0) / 1e9;
    }

    /** Seconds from the kill until the first move accepted after it (any game); -1 when none yet. */
    double secondsUntilFirstAccept() {
        return firstAcceptAfterKill.values().stream().mapToLong(Long::longValue).min().orElse(-1_000_000_000L) / 1e9;
    }

    long gamesNotAcceptingYet() {
        return activeAtKill.stream().filter(id -> !firstAcceptAfterKill.containsKey(id)).count();
    }

    double secondsBack() {
        return backNanos == 0 ? -1 : (backNanos - killNanos) / 1e9;
    }
}
