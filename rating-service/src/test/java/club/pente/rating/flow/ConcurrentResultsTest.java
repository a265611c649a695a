package club.pente.rating.flow;

import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Status;
import club.pente.rating.application.RatingProcessor;
import club.pente.rating.domain.EloPolicy;
import club.pente.rating.domain.EloPolicy.Outcome;
import club.pente.rating.domain.EloPolicy.Standing;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingApi.profile;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.ranked;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Games of one player ending at the same moment: every one counts, and the final rating is what applying
 * them one after the other, in the order they were processed, gives (no lost update).
 */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class ConcurrentResultsTest {
    private static RatingStreams streams;

    @Inject
    RatingProcessor processor;

    @BeforeAll
    static void openStreams() {
        streams = RatingStreams.open();
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    @Test
    void manyGamesOfOnePlayerPublishedAtOnceAllCount() {
        PlayerRef star = account("star");
        List<GameEnded> games = new ArrayList<>();
        Status[] results = {Status.WHITE_WINS, Status.BLACK_WINS, Status.DRAW};
        for (int i = 0; i < 24; i++) {
            PlayerRef opponent = account("opponent-" + i);
            // Alternate colours; each game has its own id, so the games spread over all four partitions/consumers.
            games.add(i % 2 == 0 ? ranked(star, opponent, results[i % 3]) : ranked(opponent, star, results[i % 3]));
        }
        streams.publishAll(games);
        JsonPath profile = awaitGames(star.id(), games.size());
        assertAppliedInSequence(star, profile, games);
    }

    @Test
    void simultaneousTransactionsOnOnePlayerAreSerialised() throws Exception {
        PlayerRef star = account("simultaneous");
        List<GameEnded> games = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            PlayerRef opponent = account("rival-" + i);
            games.add(i % 2 == 0 ? ranked(star, opponent, Status.WHITE_WINS) : ranked(opponent, star, Status.DRAW));
        }
        List<RatingProcessor.Result> results = runAtOnce(games);
        assertThat(results).containsOnly(RatingProcessor.Result.RATED);
        assertAppliedInSequence(star, profile(star.id()), games);
    }

    @Test
    void theSameGameProcessedAtOnceCountsOnce() throws Exception {
        PlayerRef a = account("twin-a");
        PlayerRef b = account("twin-b");
        GameEnded game = ranked(a, b, Status.WHITE_WINS);
        List<RatingProcessor.Result> results = runAtOnce(Collections.nCopies(6, game));
        assertThat(results).containsOnlyOnce(RatingProcessor.Result.RATED);
        assertThat(results).filteredOn(r -> r == RatingProcessor.Result.DUPLICATE).hasSize(5);
        JsonPath profile = profile(a.id());
        assertThat(profile.getInt("games")).isEqualTo(1);
        assertThat(profile.getInt("rating")).isEqualTo(1520);
    }

    @Test
    void playersMeetingEachOtherInCrossingGamesNeitherDeadlockNorLoseUpdates() throws Exception {
        // Three players, every pair playing in both colours at once: transactions lock the same rows from
        // both sides. Each history line's opponent rating must be that opponent's rating before the same game.
        List<PlayerRef> players = List.of(account("x"), account("y"), account("z"));
        List<GameEnded> games = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            for (PlayerRef white : players) {
                for (PlayerRef black : players) {
                    if (white != black) {
                        games.add(ranked(white, black, round % 2 == 0 ? Status.WHITE_WINS : Status.BLACK_WINS));
                    }
                }
            }
        }
        assertThat(runAtOnce(games)).containsOnly(RatingProcessor.Result.RATED);
        Map<String, Map<String, Object>> linesByGameAndPlayer = new HashMap<>();
        int totalGames = 0;
        for (PlayerRef player : players) {
            JsonPath profile = profile(player.id());
            totalGames += profile.getInt("games");
            assertChain(profile);
            List<Map<String, Object>> history = profile.getList("history");
            for (Map<String, Object> line : history) {
                linesByGameAndPlayer.put(line.get("gameId") + "/" + player.id(), line);
            }
        }
        assertThat(totalGames).isEqualTo(2 * games.size());
        for (GameEnded game : games) {
            Map<String, Object> white = linesByGameAndPlayer.get(game.gameId() + "/" + game.white().id());
            Map<String, Object> black = linesByGameAndPlayer.get(game.gameId() + "/" + game.black().id());
            assertThat(white.get("opponentRating")).as("game %s", game.gameId()).isEqualTo(black.get("before"));
            assertThat(black.get("opponentRating")).as("game %s", game.gameId()).isEqualTo(white.get("before"));
        }
    }

    /** Calls the processor for every event from its own thread, all released together. */
    private List<RatingProcessor.Result> runAtOnce(List<GameEnded> games) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(games.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<RatingProcessor.Result>> futures = new ArrayList<>();
            for (GameEnded game : games) {
                Callable<RatingProcessor.Result> call = () -> {
                    start.await();
                    try {
                        return VertxContextSupport.subscribeAndAwait(() -> processor.process(game));
                    } catch (Throwable t) {
                        throw new IllegalStateException("processing game " + game.gameId() + " failed", t);
                    }
                };
                futures.add(pool.submit(call));
            }
            start.countDown();
            List<RatingProcessor.Result> results = new ArrayList<>();
            for (Future<RatingProcessor.Result> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Every game counted once; replaying the history in the order processed (game 1, 2, ...) with the
     * policy gives each line's rating after and, at the end, the profile's rating.
     */
    private static void assertAppliedInSequence(PlayerRef star, JsonPath profile, List<GameEnded> games) {
        assertThat(profile.getInt("games")).isEqualTo(games.size());
        int wins = 0;
        int losses = 0;
        int draws = 0;
        int white = 0;
        for (GameEnded game : games) {
            boolean isWhite = game.white().id().equals(star.id());
            white += isWhite ? 1 : 0;
            switch (game.result()) {
                case DRAW -> draws++;
                case WHITE_WINS -> { if (isWhite) wins++; else losses++; }
                default -> { if (isWhite) losses++; else wins++; }
            }
        }
        assertThat(List.of(profile.getInt("wins"), profile.getInt("losses"), profile.getInt("draws"))).containsExactly(wins, losses, draws);
        assertThat(profile.getInt("asWhite.games")).isEqualTo(white);
        assertThat(profile.getInt("asBlack.games")).isEqualTo(games.size() - white);
        List<String> gameIds = profile.getList("history.gameId");
        assertThat(gameIds).containsExactlyInAnyOrderElementsOf(games.stream().map(GameEnded::gameId).toList());
        // Every opponent was new: 1500 with no games, so the replay needs nothing but the order.
        assertThat(profile.getList("history.opponentRating", Integer.class)).containsOnly(EloPolicy.INITIAL_RATING);
        assertChain(profile);
    }

    /** The history, oldest first, is one unbroken chain that the policy reproduces line by line. */
    private static void assertChain(JsonPath profile) {
        List<Map<String, Object>> history = new ArrayList<>(profile.getList("history"));
        Collections.reverse(history);
        int rating = EloPolicy.INITIAL_RATING;
        for (int i = 0; i < history.size(); i++) {
            Map<String, Object> line = history.get(i);
            assertThat(line.get("game")).isEqualTo(i + 1);
            assertThat(line.get("before")).as("line %d", i + 1).isEqualTo(rating);
            // Every opponent in these tests is provisional (fewer than 20 games) when it plays.
            Standing opponent = new Standing((Integer) line.get("opponentRating"), 0);
            EloPolicy.Change expected = EloPolicy.rate(new Standing(rating, i), opponent, Outcome.valueOf((String) line.get("outcome")));
            assertThat(line.get("k")).as("K of line %d", i + 1).isEqualTo(expected.k());
            assertThat(line.get("after")).as("line %d", i + 1).isEqualTo(expected.after());
            rating = expected.after();
        }
        assertThat(profile.getInt("rating")).isEqualTo(rating);
    }
}
