package club.pente.game.it;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.StreamRecorder;
import club.pente.stack.Components;
import club.pente.stack.PostgresDatabases;
import club.pente.stack.StackConfig;
import club.pente.testinfra.TestStack;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two game-service processes in one consumer group carry many games; one is killed with SIGKILL in the
 * middle. Afterwards every accepted move must be in PostgreSQL exactly once and on the event stream
 * exactly once, in order per game, and every game must still accept moves.
 */
class FailoverIT {
    private static final String DATABASE = "pente_game_failover_test";
    /** Games played at once, each with one move in flight, and moves per game; set by each test. */
    private int GAMES;
    private int PLIES;

    private record Game(String id, PlayerRef white, PlayerRef black, String[] moves) {
        PlayMove move(int ply) {
            return PlayMove.of(id, (ply % 2 == 1 ? white : black).id(), ply, moves[ply - 1]);
        }
    }

    @Test
    void killingOneInstanceLosesAndDuplicatesNothing() throws Exception {
        run(40, 24);
    }

    /** The same under load: 500 games with a move in flight each when the instance dies. */
    @Test
    void killingOneInstanceUnderLoadLosesAndDuplicatesNothing() throws Exception {
        run(500, 8);
    }

    private void run(int gameCount, int pliesPerGame) throws Exception {
        GAMES = gameCount;
        PLIES = pliesPerGame;
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        TestDatabases.recreate(DATABASE);
        IsolatedTopics topics = IsolatedTopics.fresh("failover");
        Map<String, String> properties = new HashMap<>(ServiceProperties.gameService(config, DATABASE, topics));
        properties.put("pente.kafka.partitions", "8");
        properties.put("pente.commands.session-timeout", "6s");
        properties.put("pente.commands.heartbeat", "2s");

        List<Game> list = games();
        int totalMoves = GAMES * PLIES;
        File jar = new File(System.getProperty("game.service.jar", "target/quarkus-app/quarkus-run.jar"));
        try (ServiceProcess first = ServiceProcess.start(jar, "failover-a", 18091, properties)) {
            first.awaitReady(Duration.ofSeconds(90));
            try (ServiceProcess second = ServiceProcess.start(jar, "failover-b", 18092, properties)) {
                second.awaitReady(Duration.ofSeconds(90));
                try (GameStreams streams = new GameStreams(config.kafkaBootstrapServers(),
                        topics.name(Topic.GAME_COMMANDS), topics.name(Topic.GAME_EVENTS), topics.name(Topic.GAME_COMMANDS_DLQ))) {
                    for (Game game : list) {
                        streams.send(CreateGame.of(game.id(), game.white(), game.black(), false, TimeControl.UNTIMED));
                    }
                    for (Game game : list) {
                        streams.await(game.id(), GameStarted.class, e -> true, Duration.ofSeconds(60));
                    }

                    // Play every game move by move, as clients do: the next move once the last is confirmed.
                    long started = System.nanoTime();
                    int[] sent = new int[GAMES];
                    boolean killed = false;
                    long killedAt = 0;
                    int confirmedAtKill = 0;
                    long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
                    while (true) {
                        int confirmed = 0;
                        for (int g = 0; g < GAMES; g++) {
                            Game game = list.get(g);
                            int done = confirmedPlies(streams, game.id());
                            confirmed += done;
                            if (sent[g] == done && done < PLIES) {
                                streams.send(game.move(done + 1));
                                sent[g] = done + 1;
                            }
                        }
                        if (!killed && confirmed >= totalMoves / 3) {
                            first.kill();
                            killed = true;
                            killedAt = System.nanoTime();
                            confirmedAtKill = confirmed;
                            System.out.printf("failover (" + GAMES + " games in flight): SIGKILL to instance A (pid %d) after %d of %d moves, %.0f moves/s so far%n",
                                    first.pid(), confirmed, totalMoves, confirmed / seconds(started, killedAt));
                        }
                        if (confirmed == totalMoves) {
                            break;
                        }
                        assertThat(System.nanoTime()).as("all moves confirmed in time (%d of %d)", confirmed, totalMoves).isLessThan(deadline);
                        Thread.sleep(5);
                    }
                    double afterKill = seconds(killedAt, System.nanoTime());
                    System.out.printf("failover: all %d moves of %d games confirmed %.1f s after the kill%n", totalMoves, GAMES, afterKill);

                    // The event stream: each move exactly once, versions 2..PLIES+1 in order, per game.
                    int duplicates = 0;
                    int losses = 0;
                    Set<String> eventIds = new HashSet<>();
                    for (StreamRecorder.Recorded<GameEvent> record : streams.eventRecords()) {
                        GameEvent event = record.value();
                        assertThat(record.key()).isEqualTo(event.gameId());
                        if (!eventIds.add(event.eventId())) {
                            duplicates++;
                        }
                    }
                    for (Game game : list) {
                        List<MovePlayed> played = streams.events(game.id()).stream()
                                .filter(MovePlayed.class::isInstance).map(MovePlayed.class::cast).toList();
                        Set<Integer> plies = new HashSet<>();
                        for (MovePlayed move : played) {
                            if (!plies.add(move.ply())) {
                                duplicates++;
                            }
                        }
                        losses += PLIES - plies.size();
                        List<Long> versions = streams.events(game.id()).stream().map(GameEvent::version).toList();
                        assertThat(versions).as("versions of game %s in stream order", game.id()).isSorted();
                        assertThat(played).extracting(MovePlayed::point).as("moves of %s", game.id())
                                .containsExactly(game.moves());
                    }

                    // PostgreSQL: each move exactly once.
                    int stored = 0;
                    try (Connection connection = PostgresDatabases.connect(config, DATABASE);
                         PreparedStatement query = connection.prepareStatement(
                                 "select game_id, count(*), count(distinct ply), max(ply) from moves group by game_id")) {
                        try (ResultSet rs = query.executeQuery()) {
                            while (rs.next()) {
                                assertThat(rs.getInt(2)).as("moves of %s", rs.getString(1)).isEqualTo(PLIES);
                                assertThat(rs.getInt(3)).isEqualTo(PLIES);
                                assertThat(rs.getInt(4)).isEqualTo(PLIES);
                                stored += rs.getInt(2);
                            }
                        }
                    }
                    System.out.printf("failover: %d games, %d moves accepted, %d in PostgreSQL, %d duplicates and %d losses "
                                    + "on the event stream (%d moves confirmed before the kill)%n",
                            GAMES, totalMoves, stored, duplicates, losses, confirmedAtKill);
                    assertThat(stored).isEqualTo(totalMoves);
                    assertThat(duplicates).isZero();
                    assertThat(losses).isZero();
                    assertThat(streams.deadLetters()).isEmpty();

                    // Every game goes on with the surviving instance.
                    for (Game game : list) {
                        PlayMove next = PlayMove.of(game.id(), game.white().id(), PLIES + 1, nextLegalMove(game));
                        streams.send(next);
                    }
                    for (Game game : list) {
                        streams.await(game.id(), MovePlayed.class, m -> m.ply() == PLIES + 1, Duration.ofSeconds(60));
                    }
                }
            }
        }
    }

    private static int confirmedPlies(GameStreams streams, String gameId) {
        int max = 0;
        for (GameEvent event : streams.events(gameId)) {
            if (event instanceof MovePlayed played) {
                max = Math.max(max, played.ply());
            }
        }
        return max;
    }

    private static double seconds(long from, long to) {
        return (to - from) / 1e9;
    }

    /** Random legal games that are still going after PLIES moves (fixed seeds: reproducible). */
    private List<Game> games() {
        List<Game> games = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(20261130);
        while (games.size() < GAMES) {
            Position position = new Position();
            int[] points = RandomGames.play(position, random, PLIES + 1);
            if (points.length < PLIES + 1 || position.status().isOver()) {
                continue;
            }
            String[] moves = new String[PLIES];
            for (int i = 0; i < PLIES; i++) {
                moves[i] = Notation.format(points[i]);
            }
            String id = "failover-" + UUID.randomUUID();
            games.add(new Game(id, new PlayerRef("w-" + id, "white"), new PlayerRef("b-" + id, "black"), moves));
        }
        return games;
    }

    private String nextLegalMove(Game game) {
        Position position = new Position();
        for (String move : game.moves()) {
            position.play(Notation.parse(move));
        }
        return Notation.format(RandomGames.randomMove(position, new SplittableRandom(game.id().hashCode())));
    }
}
