package club.pente.chaos;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * Spectators through the load balancer: {@code perGame} sockets on each of {@code games} live games (two on
 * a game make it likely that both gateways serve it, so that a socket moved off a dead gateway finds the
 * game's events buffered on the other). When a watched game ends its sockets move on to another live game,
 * while the run lasts; every socket ever opened is kept for the audit.
 */
final class SocketFleet implements AutoCloseable {
    private final String wsBase;
    private final String origin;
    private final int games;
    private final int perGame;
    private final Supplier<List<String>> liveGames;
    private final IntSupplier phase;
    private final Duration reconnectDeadline;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "chaos-sockets");
        t.setDaemon(true);
        return t;
    });
    private final List<SocketWatcher> watchers = new CopyOnWriteArrayList<>();
    private final Set<String> watched = new HashSet<>();
    private volatile boolean moving = true;

    SocketFleet(String gatewayFront, int games, int perGame, Supplier<List<String>> liveGames, IntSupplier phase, Duration reconnectDeadline) {
        this.wsBase = gatewayFront.replaceFirst("^http", "ws");
        this.origin = gatewayFront;
        this.games = games;
        this.perGame = perGame;
        this.liveGames = liveGames;
        this.phase = phase;
        this.reconnectDeadline = reconnectDeadline;
    }

    /** Opens sockets on live games up to the wanted count, and again every second as watched games end. */
    void start() {
        scheduler.scheduleWithFixedDelay(this::topUp, 0, 1, TimeUnit.SECONDS);
    }

    private synchronized void topUp() {
        if (!moving) {
            return;
        }
        long open = watchers.stream().filter(w -> !w.record.ended() && w.record.gaveUpReason().isEmpty()).count();
        List<String> candidates = new ArrayList<>(liveGames.get());
        candidates.removeIf(watched::contains);
        for (String game : candidates) {
            if (open + perGame > (long) games * perGame) {
                break;
            }
            watched.add(game);
            for (int i = 0; i < perGame; i++) {
                SocketWatcher w = new SocketWatcher(wsBase, origin, game, http, scheduler, phase, reconnectDeadline.toNanos());
                watchers.add(w);
                w.open();
            }
            open += perGame;
        }
    }

    /** No new sockets from now on; the open ones watch their games to the end. */
    void stopMoving() {
        moving = false;
    }

    List<SocketWatcher> watchers() {
        return List.copyOf(watchers);
    }

    /** Sockets waiting to be answered again after a drop. */
    long reconnecting() {
        return watchers.stream().filter(SocketWatcher::reconnecting).count();
    }

    /** Sockets that joined (got a snapshot) and have not yet seen their game's end nor given up. */
    long following() {
        return watchers.stream().filter(w -> w.record.started() && !w.record.ended() && w.record.gaveUpReason().isEmpty()).count();
    }

    @Override
    public void close() throws InterruptedException {
        moving = false;
        watchers.forEach(SocketWatcher::close);
        scheduler.shutdownNow();
        scheduler.awaitTermination(5, TimeUnit.SECONDS);
    }
}
