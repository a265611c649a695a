package club.pente.matchmaking.application;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * The background work of an instance, on one thread: a pairing round whenever a seek arrives here and
 * on every tick (windows widen with time; seeks arrive at other instances), expiry of abandoned seeks
 * and the lobby counts about once a second. Every instance runs it; the database locks keep them apart.
 */
@ApplicationScoped
public class PairingLoop {
    private static final Logger LOG = Logger.getLogger(PairingLoop.class);

    private final PairingService pairing;
    private final LobbyService lobby;
    private final Signals signals;
    private final long tickMillis;
    private final long lobbyMillis;
    private volatile boolean running;
    private Thread thread;

    public PairingLoop(PairingService pairing, LobbyService lobby, Signals signals, MatchmakingSettings settings) {
        this.pairing = pairing;
        this.lobby = lobby;
        this.signals = signals;
        this.tickMillis = settings.pairing().tickMillis();
        this.lobbyMillis = settings.lobby().publishMillis();
    }

    void start(@Observes StartupEvent event) {
        running = true;
        thread = new Thread(this::run, "pairing-loop");
        thread.setDaemon(true);
        thread.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(5_000);
        }
    }

    private void run() {
        long nextHousekeeping = 0;
        while (running) {
            try {
                signals.pairing().await(tickMillis);
                pairing.round();
                long now = System.currentTimeMillis();
                if (now >= nextHousekeeping) {
                    pairing.expire();
                    lobby.publishIfChanged();
                    nextHousekeeping = now + lobbyMillis;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (running) {
                    LOG.warnf("pairing loop: %s; going on", e.toString());
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }
}
