package club.pente.bench.load;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.Resign;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topics;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import club.pente.core.rules.RandomGames;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Drives a running platform through the whole move path: PlayMove on {@code pente.game.commands} in,
 * MovePlayed on {@code pente.game.events} out. Many games are played at once, each like a client would
 * (the next move once the last one is confirmed). Prints moves per second and latency percentiles, then
 * resigns the games so that they leave the lobby.
 *
 * <p>{@code ./pente bench load [--games N] [--plies P] [--bootstrap HOST:PORT]} with {@code ./pente up} running.
 */
public final class GameLoadDriver {
    private record Game(String id, PlayerRef white, PlayerRef black, String[] moves) {
    }

    public static void main(String[] args) throws Exception {
        int games = intArg(args, "--games", 50);
        int plies = intArg(args, "--plies", 30);
        String bootstrap = stringArg(args, "--bootstrap", System.getenv().getOrDefault("PENTE_KAFKA_BOOTSTRAP", "127.0.0.1:9092"));

        List<Game> list = randomGames(games, plies);
        Map<String, Game> byId = new ConcurrentHashMap<>();
        list.forEach(g -> byId.put(g.id(), g));
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        LinkedBlockingQueue<GameEvent> confirmations = new LinkedBlockingQueue<>();

        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", bootstrap);
        producerProps.put("acks", "all");
        producerProps.put("linger.ms", "0");
        Properties consumerProps = new Properties();
        consumerProps.put("bootstrap.servers", bootstrap);
        consumerProps.put("enable.auto.commit", "false");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer());
             KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerProps, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.GAME_EVENTS, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position);
            Thread reader = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(50))) {
                        if (byId.containsKey(record.key())) {
                            try {
                                confirmations.add(Contracts.json().readValue(record.value(), GameEvent.class));
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        }
                    }
                }
            }, "events");
            reader.setDaemon(true);
            reader.start();

            for (Game game : list) {
                send(producer, CreateGame.of(game.id(), game.white(), game.black(), false, TimeControl.UNTIMED), sentAt);
            }
            int started = 0;
            while (started < games) {
                GameEvent event = confirmations.poll(60, TimeUnit.SECONDS);
                if (event == null) {
                    throw new IllegalStateException("games did not start: is ./pente up running?");
                }
                if (event instanceof GameStarted) {
                    started++;
                }
            }

            long begin = System.nanoTime();
            for (Game game : list) {
                send(producer, PlayMove.of(game.id(), game.white().id(), 1, game.moves()[0]), sentAt);
            }
            int total = games * plies;
            long[] latencies = new long[total];
            int confirmed = 0;
            while (confirmed < total) {
                GameEvent event = confirmations.poll(60, TimeUnit.SECONDS);
                if (event == null) {
                    throw new IllegalStateException("no confirmation for 60 s after " + confirmed + " moves");
                }
                if (event instanceof MoveRejected rejected) {
                    throw new IllegalStateException("a move was rejected: " + rejected);
                }
                if (event instanceof MovePlayed played) {
                    latencies[confirmed++] = System.nanoTime() - sentAt.remove(played.commandId());
                    Game game = byId.get(played.gameId());
                    int next = played.ply() + 1;
                    if (next <= plies) {
                        PlayerRef mover = next % 2 == 1 ? game.white() : game.black();
                        send(producer, PlayMove.of(game.id(), mover.id(), next, game.moves()[next - 1]), sentAt);
                    }
                }
            }
            double seconds = (System.nanoTime() - begin) / 1e9;
            Arrays.sort(latencies);
            System.out.printf("games %d, moves %d in %.1f s: %.0f moves/s through command -> authority -> event%n",
                    games, total, seconds, total / seconds);
            System.out.printf("latency command sent -> MovePlayed received: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                    ms(latencies, 0.50), ms(latencies, 0.95), ms(latencies, 0.99), latencies[total - 1] / 1e6);
            // Leave no load games in the lobby's live list.
            for (Game game : list) {
                send(producer, Resign.of(game.id(), game.white().id()), sentAt);
            }
            producer.flush();
            reader.interrupt();
        }
    }

    private static void send(KafkaProducer<String, String> producer, GameCommand command, Map<String, Long> sentAt) throws Exception {
        sentAt.put(command.commandId(), System.nanoTime());
        producer.send(new ProducerRecord<>(Topics.GAME_COMMANDS, command.gameId(), Contracts.json().writeValueAsString(command)));
    }

    private static double ms(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] / 1e6;
    }

    private static List<Game> randomGames(int games, int plies) {
        List<Game> list = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        String run = UUID.randomUUID().toString().substring(0, 8);
        while (list.size() < games) {
            Position position = new Position();
            int[] points = RandomGames.play(position, random, plies);
            if (points.length < plies || position.status().isOver()) {
                continue;
            }
            String[] moves = Arrays.stream(points).mapToObj(Notation::format).toArray(String[]::new);
            String id = "load-" + run + "-" + list.size();
            list.add(new Game(id, new PlayerRef("w-" + id, "load white"), new PlayerRef("b-" + id, "load black"), moves));
        }
        return list;
    }

    private static int intArg(String[] args, String name, int fallback) {
        return Integer.parseInt(stringArg(args, name, Integer.toString(fallback)));
    }

    private static String stringArg(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
