package club.pente.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one spectator socket saw of its game, over all its reconnections: its first snapshot's version, each
 * event version once with its event id, what came twice, versions skipped, and each drop with how it came
 * back (resumed with {@code v=}, or a fresh snapshot). Pure bookkeeping, audited against the stream by
 * {@link #audit}. Mutated by one socket's callbacks under the watcher's lock; read after the run.
 */
final class SocketRecord {
    /** One drop and its return; {@code resumed} false: a fresh snapshot came instead of the missed events. */
    record Reconnect(int phase, long nanos, boolean resumed, long snapshotVersion) {
    }

    /** The socket against the stream's history of its game; every figure counts versions. */
    record Audit(long checked, long missing, long repeated, long mismatched, long skippedBySnapshot) {
        boolean clean() {
            return missing == 0 && repeated == 0 && mismatched == 0;
        }
    }

    final String gameId;
    private long base = -1;
    private long highest = -1;
    private final TreeMap<Long, String> events = new TreeMap<>();
    /** Versions a later snapshot jumped over (covered as state, never received as events). */
    private final TreeMap<Long, Integer> skipped = new TreeMap<>();
    private final List<Reconnect> reconnects = new ArrayList<>();
    private final List<Integer> drops = new ArrayList<>();
    private final Map<Integer, long[]> perPhase = new TreeMap<>();
    private long repeated;
    private long gaps;
    private boolean ended;
    private String gaveUp;
    private String lastDrop;
    private int unreadable;
    private int joinRetries;

    SocketRecord(String gameId) {
        this.gameId = gameId;
    }

    synchronized boolean started() {
        return base >= 0;
    }

    synchronized long highest() {
        return highest;
    }

    synchronized boolean ended() {
        return ended;
    }

    /** A snapshot at {@code version}; {@code reconnectNanos} >= 0 when it answered a reconnection. */
    synchronized void snapshot(long version, int phase, long reconnectNanos) {
        if (base < 0) {
            base = version;
            highest = version;
            return;
        }
        if (reconnectNanos >= 0) {
            reconnects.add(new Reconnect(phase, reconnectNanos, false, version));
        }
        if (version > highest) {
            for (long v = highest + 1; v <= version; v++) {
                skipped.put(v, phase);
            }
            highest = version;
        }
        // A snapshot behind what we have: the events it sends next are repeats, counted as they come.
    }

    /** The gateway resumed after {@code from}: the missed events follow. */
    synchronized void resumed(long from, int phase, long reconnectNanos) {
        reconnects.add(new Reconnect(phase, reconnectNanos, true, -1));
        if (from != highest) {
            // Resumed from somewhere else than asked: what follows tells whether anything was lost or doubled.
            note(phase, 2);
        }
    }

    synchronized void event(long version, String eventId, String type, int phase) {
        if (version <= highest && (version <= base || events.containsKey(version) || skipped.containsKey(version))) {
            repeated++;
            note(phase, 0);
            return;
        }
        if (version > highest + 1 && highest >= 0) {
            gaps += version - highest - 1;
            note(phase, 1);
        }
        events.put(version, eventId);
        highest = Math.max(highest, version);
        if ("GameEnded".equals(type)) {
            ended = true;
        }
    }

    private void note(int phase, int what) {
        perPhase.computeIfAbsent(phase, k -> new long[3])[what]++;
    }

    synchronized void dropped(int phase, String why) {
        drops.add(phase);
        lastDrop = why;
    }

    synchronized void joinRetried(String why) {
        joinRetries++;
        lastDrop = "before the first snapshot: " + why;
    }

    synchronized int joinRetries() {
        return joinRetries;
    }

    synchronized void gaveUp(String why) {
        gaveUp = why;
    }

    synchronized Optional<String> gaveUpReason() {
        return Optional.ofNullable(gaveUp);
    }

    synchronized void unreadable(String why) {
        unreadable++;
        lastDrop = "unreadable frame: " + why;
    }

    synchronized int unreadableFrames() {
        return unreadable;
    }

    synchronized List<Reconnect> reconnects() {
        return List.copyOf(reconnects);
    }

    synchronized List<Integer> drops() {
        return List.copyOf(drops);
    }

    synchronized String lastDrop() {
        return lastDrop;
    }

    /** Repeats (index 0), gaps (1) and odd resumptions (2) noticed live, by the phase they happened in. */
    synchronized Map<Integer, long[]> perPhase() {
        Map<Integer, long[]> copy = new TreeMap<>();
        perPhase.forEach((k, v) -> copy.put(k, v.clone()));
        return copy;
    }

    /** Versions skipped over by a fresh snapshot, by phase. */
    synchronized Map<Integer, Long> skippedByPhase() {
        Map<Integer, Long> byPhase = new TreeMap<>();
        skipped.values().forEach(p -> byPhase.merge(p, 1L, Long::sum));
        return byPhase;
    }

    /**
     * Against the stream's history of the game (version to event id, read {@code read_committed}): every
     * version after the first snapshot up to the last on the stream must have reached the socket once, as
     * the same event; a version a fresh snapshot covered is counted apart (the state came, the event did not).
     */
    synchronized Audit audit(Map<Long, String> stream) {
        if (base < 0) {
            return new Audit(0, 0, repeated, 0, 0);
        }
        long last = stream.keySet().stream().mapToLong(Long::longValue).max().orElse(base);
        long checked = 0;
        long missing = 0;
        long mismatched = 0;
        long skippedCount = 0;
        for (long v = base + 1; v <= last; v++) {
            String onStream = stream.get(v);
            String here = events.get(v);
            if (here == null) {
                if (skipped.containsKey(v)) {
                    skippedCount++;
                } else {
                    missing++;
                }
                continue;
            }
            checked++;
            if (onStream == null || !onStream.equals(here)) {
                mismatched++;
            }
        }
        // Versions the socket got beyond what the stream had: an event the committed stream never carried.
        mismatched += events.tailMap(last, false).size();
        return new Audit(checked, missing, repeated, mismatched, skippedCount);
    }
}
