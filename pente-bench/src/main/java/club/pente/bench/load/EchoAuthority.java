package club.pente.bench.load;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.EventHeaders;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameEvent;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.PerSide;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.Resign;
import club.pente.core.rules.Color;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;

/**
 * The load driver's own ceiling: a stand-in authority that answers every command at once, with no rules and
 * no database (CreateGame -> GameStarted, PlayMove -> MovePlayed, Resign -> GameEnded, versions counted per
 * game). Run it on topics of its own and point the driver at them to see how many moves/s the driver itself
 * offers and reads on this machine, and at what CPU, before blaming the platform:
 * <pre>
 *   java -cp pente-bench/target/benchmarks.jar club.pente.bench.load.EchoAuthority --topics echo &amp;
 *   ./pente bench load --commands-topic echo.commands --events-topic echo.events --rate 5000 --duration 20
 * </pre>
 * Bounded like the driver: 127.0.0.1 only, stops after {@code --seconds} (600) or two idle minutes.
 */
public final class EchoAuthority {
    private EchoAuthority() {
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = "127.0.0.1:9092";
        String prefix = "echo";
        long seconds = 600;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--bootstrap" -> bootstrap = args[i + 1];
                case "--topics" -> prefix = args[i + 1];
                case "--seconds" -> seconds = Math.min(3600, Math.max(1, Long.parseLong(args[i + 1])));
                default -> throw new IllegalArgumentException("unknown option " + args[i] + " (--bootstrap, --topics PREFIX, --seconds)");
            }
        }
        LoadOptions.requireLoopback(bootstrap);
        if (!prefix.matches("[A-Za-z0-9._-]{1,100}")) {
            throw new IllegalArgumentException("--topics: not a topic prefix: " + prefix);
        }
        String commands = prefix + ".commands";
        String events = prefix + ".events";
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(commands, 12, (short) 1), new NewTopic(events, 12, (short) 1))).all().get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        Properties c = new Properties();
        c.put("bootstrap.servers", bootstrap);
        c.put("enable.auto.commit", "false");
        c.put("max.poll.records", "2000");
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "all");
        p.put("linger.ms", "1");
        Map<String, Long> versions = new HashMap<>();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        long idleSince = System.nanoTime();
        long answered = 0;
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new ByteArrayDeserializer());
             KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(commands, Duration.ofSeconds(10)).stream()
                    .map(i -> new TopicPartition(i.topic(), i.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position);
            System.out.printf("echo authority: %s -> %s for at most %d s%n", commands, events, seconds);
            while (System.nanoTime() < deadline && System.nanoTime() - idleSince < 120_000_000_000L) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    idleSince = System.nanoTime();
                    GameEvent event = answer(Contracts.json().readValue(record.value(), GameCommand.class), versions);
                    if (event != null) {
                        ProducerRecord<String, String> out = new ProducerRecord<>(events, event.gameId(), Contracts.json().writeValueAsString(event));
                        out.headers().add(EventHeaders.TYPE, EventHeaders.typeValue(event.getClass().getSimpleName()));
                        producer.send(out);
                        answered++;
                    }
                }
            }
        }
        System.out.printf("echo authority: %d commands answered, stopping%n", answered);
    }

    private static GameEvent answer(GameCommand command, Map<String, Long> versions) {
        String game = command.gameId();
        if (command instanceof CreateGame create) {
            versions.put(game, 1L);
            return new GameStarted(Contracts.SCHEMA_VERSION, Contracts.newId(), game, 1, Contracts.now(), create.commandId(), create.white(),
                    create.black(), create.ranked(), create.timeControl(), null);
        }
        Long version = versions.get(game);
        if (version == null) {
            return null;
        }
        versions.put(game, version + 1);
        if (command instanceof PlayMove move) {
            return new MovePlayed(Contracts.SCHEMA_VERSION, Contracts.newId(), game, version + 1, Contracts.now(), move.commandId(),
                    move.expectedPly(), move.expectedPly() % 2 == 1 ? Color.WHITE : Color.BLACK, move.playerId(), move.point(), List.of(),
                    PerSide.ZERO, null, null);
        }
        if (command instanceof Resign resign) {
            versions.remove(game);
            return new GameEnded(Contracts.SCHEMA_VERSION, Contracts.newId(), game, version + 1, Contracts.now(), resign.commandId(),
                    Status.BLACK_WINS, EndReason.RESIGNATION, false, new club.pente.core.contract.PlayerRef("w-" + game, "load white"),
                    new club.pente.core.contract.PlayerRef("b-" + game, "load black"), 0, PerSide.ZERO, PerSide.ZERO, null);
        }
        return null;
    }
}
