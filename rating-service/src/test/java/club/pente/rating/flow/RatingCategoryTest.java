package club.pente.rating.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Status;
import club.pente.core.rules.Variant;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static club.pente.rating.support.RatingApi.DEADLINE;
import static club.pente.rating.support.RatingApi.awaitCategoryGames;
import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingApi.awaitProfile;
import static club.pente.rating.support.RatingApi.category;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.annulled;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * Ratings per category (issue 18): a ranked game is rated in its variant at its speed, a GameEnded from before variants in
 * pente-live, an annulment compensates the game's category; the profile, rating and leaderboard endpoints read each one.
 */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class RatingCategoryTest {
    private static final TimeControl THREE_DAYS = TimeControl.daysPerMove(3);
    private static RatingStreams streams;

    @BeforeAll
    static void openStreams() {
        streams = RatingStreams.open();
    }

    @AfterAll
    static void closeStreams() throws Exception {
        streams.close();
    }

    @Test
    void aRankedKeryoTurnBasedGameChangesOnlyKeryoTurnRatings() {
        PlayerRef alice = account("alice");
        PlayerRef bob = account("bob");
        PlayerRef carol = account("carol");
        // alice's pente-live rating first: she beats carol, 1520.
        streams.publish(ranked(alice, carol, Status.WHITE_WINS));
        awaitGames(alice.id(), 1);
        long keryoGamesBefore = given().queryParam("category", "keryo-turn").get("/api/ratings/statistics").then().statusCode(200)
                .extract().jsonPath().getLong("games");

        // A ranked Keryo game at 3 days a move: bob beats alice, both new in keryo-turn (E = 0.5, K = 40: +20 / -20).
        GameEnded keryo = ranked(bob, alice, Status.WHITE_WINS, Variant.KERYO, THREE_DAYS);
        streams.publish(keryo);
        JsonPath a = awaitCategoryGames(alice.id(), "keryo-turn", 1);

        // alice's pente-live standing (the top-level fields) is unchanged; keryo-turn has her loss.
        assertThat(a.getInt("rating")).isEqualTo(1520);
        assertThat(a.getInt("games")).isEqualTo(1);
        assertThat(a.getList("categories.category")).containsExactly("pente-live", "keryo-turn");
        assertThat(category(a, "pente-live")).isEqualTo(Map.of("category", "pente-live", "rating", 1520, "provisional", true,
                "games", 1, "wins", 1, "losses", 0, "draws", 0));
        assertThat(category(a, "keryo-turn")).isEqualTo(Map.of("category", "keryo-turn", "rating", 1480, "provisional", true,
                "games", 1, "wins", 0, "losses", 1, "draws", 0));
        assertThat(a.getList("history.category")).containsExactly("keryo-turn", "pente-live");
        assertThat(a.getList("history.gameId").get(0)).isEqualTo(keryo.gameId());

        // bob played Keryo only: pente-live is listed all the same, at the initial rating, and the top level shows it.
        JsonPath b = awaitCategoryGames(bob.id(), "keryo-turn", 1);
        assertThat(b.getInt("rating")).isEqualTo(1500);
        assertThat(b.getInt("games")).isZero();
        assertThat(b.getBoolean("provisional")).isTrue();
        assertThat(b.getList("categories.category")).containsExactly("pente-live", "keryo-turn");
        assertThat(category(b, "keryo-turn").get("rating")).isEqualTo(1520);
        assertThat(category(b, "pente-live").get("games")).isEqualTo(0);

        // The light rating read, by category (any case); the default is pente-live.
        given().get("/api/ratings/players/{id}/rating", bob.id()).then().statusCode(200).body("rating", equalTo(1500));
        given().queryParam("category", "keryo-turn").get("/api/ratings/players/{id}/rating", bob.id()).then().statusCode(200)
                .body("rating", equalTo(1520)).body("provisional", equalTo(true));
        given().queryParam("category", "KERYO-TURN").get("/api/ratings/players/{id}/rating", alice.id()).then().statusCode(200)
                .body("rating", equalTo(1480));
        given().queryParam("category", "pente-live").get("/api/ratings/players/{id}/rating", alice.id()).then().statusCode(200)
                .body("rating", equalTo(1520));
        given().queryParam("category", "gomoku-turn").get("/api/ratings/players/{id}/rating", alice.id()).then().statusCode(200)
                .body("rating", equalTo(1500)).body("provisional", equalTo(true));

        // Both RatingChanged of the Keryo game name its category.
        await().atMost(DEADLINE).until(() -> streams.ratingChanges(keryo.gameId()).size() == 2);
        assertThat(streams.ratingChanges(keryo.gameId())).extracting(RatingChanged::category).containsOnly("keryo-turn");
        assertThat(streams.ratingChanges(keryo.gameId())).filteredOn(changed -> changed.playerId().equals(bob.id()))
                .singleElement().satisfies(changed -> {
                    assertThat(changed.before()).isEqualTo(1500);
                    assertThat(changed.after()).isEqualTo(1520);
                });

        // The keryo-turn leaderboard lists bob above alice and not carol (pente-live only); the default board is pente-live.
        JsonPath keryoBoard = given().queryParam("category", "keryo-turn").queryParam("size", 100).get("/api/ratings/leaderboard")
                .then().statusCode(200).extract().jsonPath();
        assertThat(keryoBoard.getString("category")).isEqualTo("keryo-turn");
        List<String> ids = keryoBoard.getList("entries.playerId");
        assertThat(ids).contains(bob.id(), alice.id()).doesNotContain(carol.id());
        assertThat(ids.indexOf(bob.id())).isLessThan(ids.indexOf(alice.id()));
        assertThat(keryoBoard.getList("entries", Map.class)).filteredOn(entry -> bob.id().equals(entry.get("playerId")))
                .singleElement().satisfies(entry -> assertThat(entry.get("rating")).isEqualTo(1520));
        given().get("/api/ratings/leaderboard").then().statusCode(200).body("category", equalTo("pente-live"));

        // Statistics by category count the Keryo game there.
        given().queryParam("category", "keryo-turn").get("/api/ratings/statistics").then().statusCode(200)
                .body("games", equalTo((int) keryoGamesBefore + 1));
    }

    @Test
    void aGameEndedFromBeforeVariantsRatesPenteLive() throws Exception {
        PlayerRef dave = account("dave");
        PlayerRef erin = account("erin");
        GameEnded game = ranked(dave, erin, Status.WHITE_WINS);
        // As the game service wrote it before issue 18: no variant, time control or tournament.
        ObjectNode tree = Contracts.json().valueToTree(game);
        tree.remove(List.of("variant", "timeControl", "tournamentId"));
        String json = Contracts.json().writeValueAsString(tree);
        assertThat(json).doesNotContain("variant").doesNotContain("timeControl");
        streams.sendTyped(game.gameId(), json, "GameEnded");

        JsonPath d = awaitGames(dave.id(), 1);
        assertThat(d.getInt("rating")).isEqualTo(1520);
        assertThat(d.getList("categories.category")).containsExactly("pente-live");
        assertThat(d.getList("history.category")).containsExactly("pente-live");
        await().atMost(DEADLINE).until(() -> streams.ratingChanges(game.gameId()).size() == 2);
        assertThat(streams.ratingChanges(game.gameId())).extracting(RatingChanged::category).containsOnly("pente-live");
    }

    @Test
    void anAnnulledKeryoGameIsCompensatedInKeryo() {
        PlayerRef frank = account("frank");
        PlayerRef gina = account("gina");
        streams.publish(ranked(frank, gina, Status.WHITE_WINS));
        awaitGames(frank.id(), 1);
        GameEnded keryo = ranked(frank, gina, Status.WHITE_WINS, Variant.KERYO, THREE_DAYS);
        streams.publish(keryo);
        awaitCategoryGames(frank.id(), "keryo-turn", 1);
        assertThat(awaitCategoryGames(gina.id(), "keryo-turn", 1).getInt("rating")).isEqualTo(1480);

        streams.publish(annulled(keryo, "played by one person"));

        JsonPath f = awaitProfile(frank.id(), p -> Integer.valueOf(0).equals(category(p, "keryo-turn").get("games")));
        assertThat(category(f, "keryo-turn")).isEqualTo(Map.of("category", "keryo-turn", "rating", 1500, "provisional", true,
                "games", 0, "wins", 0, "losses", 0, "draws", 0));
        // pente-live untouched by the Keryo annulment.
        assertThat(f.getInt("rating")).isEqualTo(1520);
        assertThat(f.getInt("games")).isEqualTo(1);
        assertThat(f.getList("history.cause")).containsExactly("ANNULMENT", "GAME", "GAME");
        assertThat(f.getList("history.category")).containsExactly("keryo-turn", "keryo-turn", "pente-live");
        assertThat(f.getList("history.annulled")).containsExactly(true, true, false);
        JsonPath g = awaitProfile(gina.id(), p -> Integer.valueOf(0).equals(category(p, "keryo-turn").get("games")));
        assertThat(category(g, "keryo-turn").get("rating")).isEqualTo(1500);
        assertThat(g.getInt("rating")).isEqualTo(1480);

        await().atMost(DEADLINE).until(() -> streams.ratingChanges(keryo.gameId()).size() == 4);
        List<RatingChanged> compensations = streams.ratingChanges(keryo.gameId()).stream()
                .filter(changed -> changed.cause() == RatingChanged.Cause.ANNULMENT).toList();
        assertThat(compensations).hasSize(2).extracting(RatingChanged::category).containsOnly("keryo-turn");
        assertThat(compensations).filteredOn(changed -> changed.playerId().equals(frank.id())).singleElement()
                .satisfies(changed -> {
                    assertThat(changed.before()).isEqualTo(1520);
                    assertThat(changed.after()).isEqualTo(1500);
                });
        given().queryParam("category", "keryo-turn").get("/api/ratings/players/{id}/rating", frank.id()).then().statusCode(200)
                .body("rating", equalTo(1500));
    }

    @Test
    void anUnknownOrOversizedCategoryIsA400() {
        for (String bad : List.of("chess", "pente", "keryo_turn", "x".repeat(33), "pente-live\u0000")) {
            given().queryParam("category", bad).get("/api/ratings/players/{id}/rating", "someone").then().statusCode(400)
                    .body("error", equalTo("BAD_CATEGORY")).body("message", containsString("keryo-turn"));
            given().queryParam("category", bad).get("/api/ratings/leaderboard").then().statusCode(400)
                    .body("error", equalTo("BAD_CATEGORY"));
            given().queryParam("category", bad).get("/api/ratings/statistics").then().statusCode(400)
                    .body("error", equalTo("BAD_CATEGORY"));
        }
    }
}
