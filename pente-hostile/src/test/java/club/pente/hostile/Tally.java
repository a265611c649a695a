package club.pente.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** What the hostile inputs got back: counts by kind and answer, and the first violations in full. */
final class Tally {
    private final Map<String, AtomicLong> byKind = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> byAnswer = new ConcurrentHashMap<>();
    private final List<String> violations = new ArrayList<>();
    private final AtomicLong violationCount = new AtomicLong();
    private final AtomicLong serverErrors = new AtomicLong();
    private final AtomicLong unexpectedSuccesses = new AtomicLong();
    private final AtomicLong refusals = new AtomicLong();

    void count(String kind, String answer) {
        byKind.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        byAnswer.computeIfAbsent(kind + " " + answer, k -> new AtomicLong()).incrementAndGet();
    }

    /** An HTTP answer: 5xx is always wrong, 2xx only where the input may legitimately succeed. */
    void http(String kind, int status, boolean mayHaveSucceeded, String what) {
        count(kind, String.valueOf(status));
        if (status >= 500) {
            serverErrors.incrementAndGet();
            violation("[5xx] " + kind + " answered " + status + ": " + what);
        } else if (status >= 200 && status < 300 && !mayHaveSucceeded) {
            unexpectedSuccesses.incrementAndGet();
            violation("[2xx] " + kind + " unexpectedly answered " + status + ": " + what);
        } else if (status >= 400) {
            refusals.incrementAndGet();
        }
    }

    synchronized void violation(String text) {
        violationCount.incrementAndGet();
        if (violations.size() < 50 || text.startsWith("[5xx]") && violations.size() < 100) {
            violations.add(text.length() > 400 ? text.substring(0, 400) + "..." : text);
        }
    }

    long inputs() {
        return byKind.values().stream().mapToLong(AtomicLong::get).sum();
    }

    long serverErrors() {
        return serverErrors.get();
    }

    long unexpectedSuccesses() {
        return unexpectedSuccesses.get();
    }

    long violationCount() {
        return violationCount.get();
    }

    synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    String report() {
        StringBuilder out = new StringBuilder("hostile inputs: " + inputs() + "\n");
        new TreeMap<>(byKind).forEach((kind, n) -> out.append("  ").append(kind).append(": ").append(n).append('\n'));
        out.append("answers:\n");
        new TreeMap<>(byAnswer).forEach((answer, n) -> out.append("  ").append(answer).append(": ").append(n).append('\n'));
        out.append("4xx: ").append(refusals.get()).append(", 5xx: ").append(serverErrors.get())
                .append(", unexpected 2xx: ").append(unexpectedSuccesses.get())
                .append(", violations: ").append(violationCount.get()).append('\n');
        violations().forEach(v -> out.append("  VIOLATION ").append(v).append('\n'));
        return out.toString();
    }
}
