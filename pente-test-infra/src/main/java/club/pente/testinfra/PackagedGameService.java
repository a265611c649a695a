package club.pente.testinfra;

import club.pente.stack.StackConfig;

import java.io.File;
import java.time.Duration;

/**
 * The packaged game service as a process of its own, on a fresh database and the run's topics: for the
 * tests of a service that talks to it (the AI asks it for games, the gateway for snapshots). The jar is
 * {@code -Dgame.service.jar}, by default the one the reactor built next door.
 */
public final class PackagedGameService {
    private PackagedGameService() {
    }

    /** Started and ready; a process that never became ready is stopped, not left holding its port. */
    public static ServiceProcess start(StackConfig config, String name, int port, String database, IsolatedTopics topics) {
        TestDatabases.recreate(database);
        File jar = new File(System.getProperty("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar"));
        ServiceProcess process = null;
        try {
            process = ServiceProcess.start(jar, name, port, ServiceProperties.gameService(config, database, topics));
            return process.awaitReady(Duration.ofSeconds(90));
        } catch (Exception e) {
            if (process != null) {
                try {
                    process.close();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            throw new IllegalStateException("cannot start the game service " + name + " from " + jar, e);
        }
    }
}
