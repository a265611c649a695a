package club.pente.ai.application;

import club.pente.ai.gameclient.GameSnapshot;
import club.pente.ai.messaging.MoveSender;
import club.pente.core.contract.Clocks;
import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameCommand;
import club.pente.core.contract.PlayMove;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.TimeControl;
import club.pente.core.notation.Notation;
import club.pente.core.notation.Replay;
import club.pente.core.rules.Color;
import club.pente.core.rules.Position;
import club.pente.core.rules.Variant;
import club.pente.testinfra.Await;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The game's variant reaches the engine: from the game service's view to the move, with the real engine. */
class VariantPlayTest {
    /** Keryo: White's L13 takes Black's trio L10-L12, and Black plays L11 again; impossible in Pente (occupied). */
    static final List<String> KERYO_ONLY = List.of("K10", "L10", "N13", "L11", "L9", "L12", "L13", "L11");
    /** Gomoku has no tournament rule: White's second stone on K11. */
    static final List<String> GOMOKU_ONLY = List.of("K10", "L11", "K11");

    private static final ObjectMapper JSON = Contracts.json().copy()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Test
    void theEngineMovesByTheVariantsRules() {
        EngineMoveChooser chooser = new EngineMoveChooser(new CoreShare(1));
        for (Variant variant : List.of(Variant.KERYO, Variant.GOMOKU)) {
            List<String> moves = variant == Variant.KERYO ? KERYO_ONLY : GOMOKU_ONLY;
            Analysis analysis = chooser.choose(variant, moves, 4, Duration.ofMillis(200), 7);
            Position position = Replay.of(variant, moves).position();
            assertThat(position.check(Notation.parse(analysis.bestMove()))).as("%s move %s", variant, analysis.bestMove()).isNull();
            // The same moves are no Pente game.
            assertThatThrownBy(() -> chooser.choose(moves, 4, Duration.ofMillis(200), 7))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("move " + moves.size());
        }
        Position keryo = Replay.of(Variant.KERYO, KERYO_ONLY).position();
        assertThat(keryo.capturedStones(Color.WHITE)).isEqualTo(3);
    }

    @Test
    void theGameViewCarriesTheVariantAndOldViewsArePente() throws Exception {
        String view = """
                {"id":"g1","white":{"id":"ai:3","name":"Computer 3"},"black":{"id":"p1","name":"ann"},"status":"ONGOING",
                 "ply":8,"toMove":"WHITE","version":9,"moves":[{"ply":1,"point":"K10"}],"ranked":false,
                 "timeControl":{"initialSeconds":0,"incrementSeconds":0,"daysPerMove":2},
                 "clocks":{"whiteMillis":172800000,"blackMillis":172800000},"asOf":"2026-12-02T06:00:00Z",
                 "variant":"KERYO","tournamentId":null,"deadline":"2026-12-04T06:00:00Z"}
                """;
        GameSnapshot game = JSON.readValue(view, GameSnapshot.class);
        assertThat(game.variant()).isEqualTo(Variant.KERYO);
        assertThat(game.timeControl().turnBased()).isTrue();
        assertThat(game.moverClock(game.asOf())).isNull();
        GameSnapshot old = JSON.readValue(view.replace("\"variant\":\"KERYO\",", ""), GameSnapshot.class);
        assertThat(old.variant()).isEqualTo(Variant.PENTE);
    }

    @Test
    void theComputerPlaysTheGamesVariantOnItsLevelsTime() {
        List<Variant> asked = new CopyOnWriteArrayList<>();
        List<Duration> budgets = new CopyOnWriteArrayList<>();
        EngineMoveChooser engine = new EngineMoveChooser(new CoreShare(1));
        MoveChooser chooser = new MoveChooser() {
            @Override
            public Analysis choose(Variant variant, List<String> moves, int level, Duration budget, long seed) {
                asked.add(variant);
                budgets.add(budget == null ? Duration.ZERO : budget);
                return engine.choose(variant, moves, level, Duration.ofMillis(100), seed);
            }

            @Override
            public Analysis analyse(Position position, int level, Duration budget, int tableBits) {
                throw new UnsupportedOperationException();
            }
        };
        List<GameCommand> sent = new CopyOnWriteArrayList<>();
        MoveSender sender = new MoveSender(null) {
            @Override
            public void send(GameCommand command) {
                sent.add(command);
            }
        };
        ComputerPlayer computer = new ComputerPlayer(null, chooser, sender, new SimpleMeterRegistry(), 1);
        List<GameSnapshot.Move> moves = new java.util.ArrayList<>();
        for (int i = 0; i < KERYO_ONLY.size(); i++) {
            moves.add(new GameSnapshot.Move(i + 1, KERYO_ONLY.get(i)));
        }
        long days = 5 * 86_400_000L;
        GameSnapshot game = new GameSnapshot("keryo-1", PlayerRef.computer(4), new PlayerRef("p1", "ann"), "ONGOING",
                KERYO_ONLY.size(), Color.WHITE, 9, moves, false, null, TimeControl.daysPerMove(5), new Clocks(days, days),
                java.time.Instant.now(), Variant.KERYO);
        computer.maybePlay(game);
        PlayMove move = (PlayMove) Await.until("the computer's move", () -> sent.isEmpty() ? null : sent.get(0),
                Duration.ofSeconds(30));
        assertThat(asked).containsExactly(Variant.KERYO);
        // Turn-based: no clock budget (null = the level's own time), whatever the days allow.
        assertThat(budgets).containsExactly(Duration.ZERO);
        assertThat(move.expectedPly()).isEqualTo(KERYO_ONLY.size() + 1);
        Position position = Replay.of(Variant.KERYO, KERYO_ONLY).position();
        assertThat(position.check(Notation.parse(move.point()))).isNull();
    }
}
