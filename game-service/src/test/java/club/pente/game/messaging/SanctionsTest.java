package club.pente.game.messaging;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.CreateGame;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.GameStarted;
import club.pente.core.contract.MovePlayed;
import club.pente.core.contract.MoveRejected;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.PlayerSanctions;
import club.pente.core.contract.PostChat;
import club.pente.core.contract.RejectionReason;
import club.pente.core.contract.StaffActor;
import club.pente.core.contract.StaffRole;
import club.pente.core.contract.TimeControl;
import club.pente.core.contract.Topic;
import club.pente.core.rules.EndReason;
import club.pente.core.rules.Status;
import club.pente.game.application.SanctionsBoard;
import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.Await;
import club.pente.testinfra.GameStreams;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sanctions topic as the game service reads it on the real stack: a suspended player's move in a new game and a
 * muted player's chat are refused, a lift lets them play again, and a suspension with forfeit ends the player's live
 * games once, however often its record is delivered. Each test sanctions players of its own (the app is shared).
 */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class SanctionsTest {
    private static final StaffActor ADMIN = new StaffActor("admin-sub", "admin", StaffRole.ADMIN);
    private static final Duration WITHIN = Duration.ofSeconds(20);

    private static GameStreams streams;
    private static KafkaProducer<String, String> producer;
    private static String sanctionsTopic;
    private static String bootstrap;

    @Inject
    SanctionsBoard board;
    @Inject
    DataSource dataSource;

    @BeforeAll
    static void setUp() {
        Config config = ConfigProvider.getConfig();
        streams = GameStreams.of(config);
        bootstrap = config.getValue("kafka.bootstrap.servers", String.class);
        sanctionsTopic = IsolatedTopics.configured(config, Topic.ADMIN_SANCTIONS);
        producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap, "acks", "all"), new StringSerializer(), new StringSerializer());
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
        producer.close();
    }

    private static PlayerRef player(String name) {
        return new PlayerRef(name + "-" + UUID.randomUUID(), name);
    }

    private static RecordMetadata publish(PlayerSanctions sanctions) throws Exception {
        return producer.send(new ProducerRecord<>(sanctionsTopic, sanctions.playerId(), Contracts.json().writeValueAsString(sanctions))).get();
    }

    private static PlayerSanctions suspension(PlayerRef player, String id, Instant since, boolean forfeit) {
        return new PlayerSanctions(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), player.id(),
                new PlayerSanctions.Suspension(id, since, null, "cheating", forfeit, ADMIN), null, Instant.now());
    }

    private static String newGame(PlayerRef white, PlayerRef black) {
        String gameId = UUID.randomUUID().toString();
        streams.send(CreateGame.of(gameId, white, black, false, TimeControl.UNTIMED));
        streams.await(gameId, GameStarted.class, started -> true);
        return gameId;
    }

    private long auditRows(String gameId, String action) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement("select count(*) from admin_audit where game_id = ? and action = ?")) {
            query.setString(1, gameId);
            query.setString(2, action);
            try (ResultSet rs = query.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void aSuspendedPlayerCannotMoveInANewGameNorStartOneUntilTheSuspensionIsLifted() throws Exception {
        PlayerRef white = player("wanda");
        PlayerRef cheat = player("chet");
        String gameId = newGame(white, cheat);
        streams.send(PlayMove.of(gameId, white.id(), 1, "K10"));
        streams.await(gameId, MovePlayed.class, played -> true);

        // Suspended since before the game was created: as if matchmaking had started it in the moment before the suspension arrived.
        long published = System.nanoTime();
        publish(suspension(cheat, "susp-" + UUID.randomUUID(), Instant.now().minusSeconds(60), false));
        Await.until("the suspension on this instance", () -> board.of(cheat.id()), WITHIN);
        // A figure for the note (not asserted beyond the deadline): from sending the record to this instance's board.
        System.out.printf("sanctions feed: suspension in force here %d ms after its record was sent%n",
                (System.nanoTime() - published) / 1_000_000);

        PlayMove move = PlayMove.of(gameId, cheat.id(), 2, "L11");
        streams.send(move);
        MoveRejected refused = streams.await(gameId, MoveRejected.class, r -> r.commandId().equals(move.commandId()));
        assertThat(refused.reason()).isEqualTo(RejectionReason.SUSPENDED);
        assertThat(refused.message()).contains("cheating");

        String next = UUID.randomUUID().toString();
        streams.send(CreateGame.of(next, white, cheat, false, TimeControl.UNTIMED));
        assertThat(streams.await(next, MoveRejected.class, r -> true).reason()).isEqualTo(RejectionReason.SUSPENDED);

        publish(new PlayerSanctions(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), cheat.id(), null, null, Instant.now()));
        Await.until("the lift on this instance", () -> board.of(cheat.id()) == null ? true : null, WITHIN);
        streams.send(PlayMove.of(gameId, cheat.id(), 2, "L11"));
        assertThat(streams.await(gameId, MovePlayed.class, played -> played.ply() == 2).playerId()).isEqualTo(cheat.id());
    }

    @Test
    void aSuspensionStampedByAClockAheadOfThisHostIsInForceAndForfeitsAtOnce() throws Exception {
        PlayerRef cheat = player("sly");
        PlayerRef other = player("olga");
        String live = newGame(other, cheat);
        // matchmaking's clock a minute ahead of this host: by our clock the suspension only begins in a minute
        String suspensionId = "susp-" + UUID.randomUUID();
        publish(suspension(cheat, suspensionId, Instant.now().plusSeconds(60), true));

        GameEnded forfeited = streams.await(live, GameEnded.class, e -> true, WITHIN);
        assertThat(forfeited.reason()).isEqualTo(EndReason.FORFEIT);
        assertThat(forfeited.commandId()).isEqualTo(ForfeitSender.commandId(suspensionId, live));

        String next = UUID.randomUUID().toString();
        streams.send(CreateGame.of(next, other, cheat, false, TimeControl.UNTIMED));
        MoveRejected refused = streams.await(next, MoveRejected.class, r -> true);
        assertThat(refused.reason()).isEqualTo(RejectionReason.SUSPENDED);
        // matchmaking shows this to both players: nothing about who or why
        assertThat(refused.message()).doesNotContain("sly", "cheating");
    }

    @Test
    void aMutedPlayersChatIsRefusedAndOthersStillChat() throws Exception {
        PlayerRef white = player("wendy");
        PlayerRef black = player("bill");
        PlayerRef troll = player("troll");
        String gameId = newGame(white, black);
        publish(new PlayerSanctions(Contracts.SCHEMA_VERSION, UUID.randomUUID().toString(), troll.id(), null,
                new PlayerSanctions.Mute("mute-" + UUID.randomUUID(), Instant.now().minusSeconds(1), Instant.now().plusSeconds(3600),
                        "insults", ADMIN), Instant.now()));
        Await.until("the mute on this instance", () -> board.of(troll.id()), WITHIN);

        PostChat chat = PostChat.of(gameId, troll.id(), "troll", ChatChannel.SPECTATORS, "you are all bad");
        streams.send(chat);
        MoveRejected refused = streams.await(gameId, MoveRejected.class, r -> r.commandId().equals(chat.commandId()));
        assertThat(refused.reason()).isEqualTo(RejectionReason.MUTED);
        assertThat(refused.message()).contains("insults");
        PostChat fine = PostChat.of(gameId, black.id(), "bill", ChatChannel.PLAYERS, "good game");
        streams.send(fine);
        streams.await(gameId, club.pente.core.contract.ChatPosted.class, posted -> posted.commandId().equals(fine.commandId()));
    }

    @Test
    void aSuspensionWithForfeitEndsEachLiveGameOnceEvenWhenItsRecordComesAgain() throws Exception {
        PlayerRef cheat = player("carl");
        PlayerRef first = player("fay");
        PlayerRef second = player("sam");
        String asBlack = newGame(first, cheat);
        String asWhite = newGame(cheat, second);
        String suspensionId = "susp-" + UUID.randomUUID();
        PlayerSanctions sanctions = suspension(cheat, suspensionId, Instant.now(), true);
        publish(sanctions);

        GameEnded lostAsBlack = streams.await(asBlack, GameEnded.class, e -> true, WITHIN);
        GameEnded lostAsWhite = streams.await(asWhite, GameEnded.class, e -> true, WITHIN);
        assertThat(lostAsBlack.reason()).isEqualTo(EndReason.FORFEIT);
        assertThat(lostAsBlack.result()).isEqualTo(Status.WHITE_WINS);
        assertThat(lostAsBlack.note()).isEqualTo("cheating");
        assertThat(lostAsBlack.commandId()).isEqualTo(ForfeitSender.commandId(suspensionId, asBlack));
        assertThat(lostAsWhite.result()).isEqualTo(Status.BLACK_WINS);

        // The same record again (a redelivery, a replay of the topic): the forfeit group reads it and sends the same
        // commands, which the authority ignores as duplicates.
        RecordMetadata again = publish(sanctions);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            TopicPartition partition = new TopicPartition(again.topic(), again.partition());
            Await.until("the forfeit group past the repeated record", () -> {
                try {
                    OffsetAndMetadata committed = admin.listConsumerGroupOffsets("pente-game-forfeits").partitionsToOffsetAndMetadata().get()
                            .get(partition);
                    return committed != null && committed.offset() > again.offset() ? committed : null;
                } catch (Exception e) {
                    return null;
                }
            }, Duration.ofSeconds(30));
        }
        // Behind whatever the repeated record sent, on each game's partition: a move that can only be refused.
        for (String gameId : new String[] {asBlack, asWhite}) {
            PlayMove late = PlayMove.of(gameId, (gameId.equals(asBlack) ? first : second).id(), 1, "K10");
            streams.send(late);
            assertThat(streams.await(gameId, MoveRejected.class, r -> r.commandId().equals(late.commandId())).reason())
                    .isEqualTo(RejectionReason.GAME_OVER);
            assertThat(streams.events(gameId).stream().filter(GameEnded.class::isInstance)).hasSize(1);
            assertThat(auditRows(gameId, "FORFEIT_GAME")).isEqualTo(1);
        }
    }
}
