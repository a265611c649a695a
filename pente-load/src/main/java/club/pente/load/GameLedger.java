package club.pente.load;

import club.pente.core.contract.GameEvent;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the driver sent and what came back, per game: the latency of every answered command, and the audit
 * an exactly-once claim needs (every version of a game seen once, none missing, every sent move answered).
 * {@link #accept} runs on the event reader's thread only; senders only add pending commands.
 */
public final class GameLedger {

    /** Figures of one measured run or ramp step; latencies in nanoseconds. */
    public static final class Window {
        public final LatencyRecorder latencies;
        public final AtomicLong offered = new AtomicLong();
        public final AtomicLong confirmed = new AtomicLong();
        public final AtomicLong rejected = new AtomicLong();
        public volatile long lastAnswerNanos;

        public Window(LatencyRecorder latencies) {
            this.latencies = latencies;
        }

        public long unanswered() {
            return offered.get() - confirmed.get() - rejected.get();
        }
    }

    /** One game's audit. Mutable fields belong to the reader thread until it has stopped. */
    public static final class Tracked {
        public final LoadGame game;
        public final AtomicInteger movesSent = new AtomicInteger();
        public final BitSet versions = new BitSet();
        public final List<String> confirmedCommands = new ArrayList<>();
        public long startedVersion = -1;
        public long lastVersion = -1;
        public int duplicates;
        public int played;
        public int rejected;
        public int unmatchedPlayed;
        public boolean ended;
        public String lastRejection;
        /** The driver's own flag (main thread): a game is resigned once. */
        public boolean resignSent;

        public Tracked(LoadGame game) {
            this.game = game;
        }

        /** Versions between GameStarted's and the last one seen that never arrived. */
        public int gaps() {
            if (startedVersion < 0 || lastVersion < startedVersion) {
                return 0;
            }
            int from = (int) startedVersion;
            int to = (int) lastVersion;
            return (to - from + 1) - versions.get(from, to + 1).cardinality();
        }

        public int missing() {
            return Math.max(0, movesSent.get() - played - rejected);
        }

        public boolean faulty() {
            return duplicates > 0 || gaps() > 0 || missing() > 0 || rejected > 0 || startedVersion < 0 || unmatchedPlayed > 0;
        }
    }

    private record Pending(Tracked game, long intendedNanos, Window window) {
    }

    /** Called on the reader thread for each MovePlayed answering a command of ours (closed loop: send the next). */
    public interface PlayedListener {
        void played(Tracked game, EventDigest event);
    }

    private final Map<String, Tracked> games = new ConcurrentHashMap<>();
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicInteger started = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();
    private final AtomicLong events = new AtomicLong();
    private volatile long lastEventNanos = System.nanoTime();
    private volatile PlayedListener listener = (g, e) -> { };
    private volatile PlayedListener everyEvent = (g, e) -> { };

    public Tracked add(LoadGame game) {
        Tracked tracked = new Tracked(game);
        games.put(game.id(), tracked);
        return tracked;
    }

    public boolean isOurs(String gameId) {
        return gameId != null && games.containsKey(gameId);
    }

    public void listener(PlayedListener listener) {
        this.listener = listener;
    }

    /** Sees every event of our games as it arrives, a repeated one too, before the audit counts it (reader thread). */
    public void everyEvent(PlayedListener observer) {
        this.everyEvent = observer;
    }

    /** Registers a command about to be sent; {@code intendedNanos} is when it was meant to leave (open loop) or leaves. */
    public void expect(Tracked game, String commandId, long intendedNanos, Window window) {
        pending.put(commandId, new Pending(game, intendedNanos, window));
        if (window != null) {
            window.offered.incrementAndGet();
        }
    }

    /** The reader thread's handling of one of our games' events (tests hand over event objects). */
    public void accept(GameEvent event, long receivedNanos) {
        accept(EventDigest.of(event), receivedNanos);
    }

    public void accept(EventDigest event, long receivedNanos) {
        Tracked game = games.get(event.gameId());
        if (game == null || event.type() == EventDigest.Type.OTHER) {
            return;
        }
        events.incrementAndGet();
        lastEventNanos = receivedNanos;
        everyEvent.played(game, event);
        if (event.type() != EventDigest.Type.MOVE_REJECTED) {
            // A rejection carries the game's current version, not a new one: only state changes count.
            int version = (int) Math.min(Integer.MAX_VALUE - 1, event.version());
            if (game.versions.get(version)) {
                game.duplicates++;
                return;
            }
            game.versions.set(version);
            game.lastVersion = Math.max(game.lastVersion, event.version());
        }
        switch (event.type()) {
            case MOVE_PLAYED -> {
                Pending p = event.commandId() == null ? null : pending.remove(event.commandId());
                if (p == null) {
                    game.unmatchedPlayed++;
                    return;
                }
                game.played++;
                game.confirmedCommands.add(event.commandId());
                if (p.window() != null) {
                    p.window().latencies.record(receivedNanos - p.intendedNanos());
                    p.window().confirmed.incrementAndGet();
                    p.window().lastAnswerNanos = receivedNanos;
                }
                listener.played(game, event);
            }
            case MOVE_REJECTED -> {
                Pending p = event.commandId() == null ? null : pending.remove(event.commandId());
                if (p != null) {
                    game.rejected++;
                    game.lastRejection = event.reason();
                    if (p.window() != null) {
                        p.window().rejected.incrementAndGet();
                        p.window().lastAnswerNanos = receivedNanos;
                    }
                }
            }
            case GAME_STARTED -> {
                if (game.startedVersion < 0) {
                    game.startedVersion = event.version();
                    started.incrementAndGet();
                }
            }
            case GAME_ENDED -> {
                if (!game.ended) {
                    game.ended = true;
                    ended.incrementAndGet();
                }
            }
            default -> { }
        }
    }

    public int started() {
        return started.get();
    }

    public int ended() {
        return ended.get();
    }

    public long events() {
        return events.get();
    }

    public long lastEventNanos() {
        return lastEventNanos;
    }

    public Collection<Tracked> games() {
        return games.values();
    }
}
