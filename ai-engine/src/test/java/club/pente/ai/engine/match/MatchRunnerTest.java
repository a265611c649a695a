package club.pente.ai.engine.match;

import club.pente.ai.engine.protocol.MisbehavingEngine;
import club.pente.ai.engine.protocol.ProtocolServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Games against external engines, the round-robin's pairings and the levels.json it writes. */
class MatchRunnerTest {
    private static String java(String main, String args) {
        return "'" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -XX:TieredStopAtLevel=1 -cp '"
                + System.getProperty("java.class.path") + "' " + main + " " + args;
    }

    @Test
    void anExternalEngineThatAnswersAnIllegalMoveLosesTheGame() {
        MatchRunner.Options options = MatchRunner.parse(new String[] {"--engine-a", "1", "--engine-b",
                java(MisbehavingEngine.class.getName(), "illegal"), "--time-ms", "200", "--threads", "1"});
        // Game 0: the external engine is Black, so it plays move 4 (after the 3-stone opening) and answers K10.
        MatchRunner.Game game = MatchRunner.play(options, options.sides().get(0), options.sides().get(1), 0);
        assertThat(game.points()).isEqualTo(1);
        assertThat(game.forfeit()).startsWith("engine-b forfeits at ply 4: engine-b played K10: the point is occupied");
    }

    @Test
    void ourServerPlaysAWholeGameAgainstALevel() {
        MatchRunner.Options options = MatchRunner.parse(new String[] {"--external",
                "srv=" + java(ProtocolServer.class.getName(), "--level 3"), "--levels", "2,srv", "--nodes", "1500",
                "--max-plies", "40"});
        MatchRunner.Game game = MatchRunner.play(options, options.sides().get(0), options.sides().get(1), 0);
        assertThat(game.forfeit()).isNull();
        assertThat(game.plies()).isGreaterThan(3);
    }

    @Test
    void aRoundRobinPairsEverySideOnceAndWritesTheLevelsFile() {
        MatchRunner.Options options = MatchRunner.parse(new String[] {"--round-robin", "1-3", "--games", "4"});
        assertThat(options.pairings()).hasSize(3);
        assertThat(options.sides()).containsExactly(new MatchRunner.LevelSide(1), new MatchRunner.LevelSide(2),
                new MatchRunner.LevelSide(3));
        EloEstimate elo = new EloEstimate(3);
        elo.add(1, 0, 4, 3);
        elo.add(2, 0, 4, 4);
        elo.add(2, 1, 4, 3);
        String json = MatchRunner.levelsJson(options, elo, elo.solve(0, 1000, 1));
        assertThat(json).startsWith("{\"method\":\"round-robin of levels 1,2,3, 4 games per pairing")
                .contains("\"anchor\":\"level 1 = 1000\"")
                .contains("{\"level\":1,\"elo\":1000,\"error\":0,\"millis\":50,\"games\":8}")
                .contains("\"measured\":\"20");
    }

    @Test
    void refusesWhatCannotBePlayed() {
        assertThatThrownBy(() -> MatchRunner.parse(new String[] {"--engine-a", "1", "--engine-b", "some-engine"}))
                .hasMessageContaining("need --time-ms");
        assertThatThrownBy(() -> MatchRunner.parse(new String[] {"--levels", "1,x"})).hasMessageContaining("neither a level");
        assertThatThrownBy(() -> MatchRunner.parse(new String[] {"--levels", "0,3"})).hasMessageContaining("levels are 1");
        assertThatThrownBy(() -> MatchRunner.parse(new String[] {"--external", "1x=cmd", "--levels", "1,2"}))
                .hasMessageContaining("NAME=COMMAND");
        assertThatThrownBy(() -> MatchRunner.parse(new String[] {"--levels", "1,2", "--write", "x.json"}))
                .hasMessageContaining("--round-robin");
        assertThatThrownBy(() -> MatchRunner.parse(new String[] {"--levels", "1,2", "--anchor", "3"}))
                .hasMessageContaining("does not play");
        assertThat(MatchRunner.parse(new String[] {"--levels", "1,2", "--anchor", "2"}).anchor()).isEqualTo(1);
    }
}
