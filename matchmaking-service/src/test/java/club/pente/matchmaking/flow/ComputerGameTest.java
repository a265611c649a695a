package club.pente.matchmaking.flow;

import club.pente.core.contract.CreateGame;
import club.pente.core.contract.PlayerRef;
import club.pente.matchmaking.support.MatchmakingStreams;
import club.pente.matchmaking.support.MatchmakingTestResource;
import club.pente.matchmaking.support.Players;
import club.pente.matchmaking.support.Players.Tokened;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/** Games against the computer reach the AI as a CreateGame naming {@code ai:<level>} on the command topic. */
@QuarkusTest
@QuarkusTestResource(value = MatchmakingTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class ComputerGameTest {
    private static MatchmakingStreams streams;

    @BeforeAll
    static void setUp() {
        streams = MatchmakingStreams.of(ConfigProvider.getConfig());
    }

    @AfterAll
    static void tearDown() throws Exception {
        streams.close();
    }

    @Test
    void aGuestPlaysTheComputerAtTheChosenLevelAndColour() {
        Tokened guest = Players.guest("Solo");
        Response created = guest.request().body("{\"level\":3,\"color\":\"BLACK\",\"timeControl\":\"10+5\"}")
                .post("/api/matchmaking/ai-games");
        created.then().statusCode(201).body("color", equalTo("BLACK")).body("opponent.id", equalTo("ai:3"));
        CreateGame create = streams.awaitCreateGame(created.path("gameId"));
        assertThat(create.white().id()).isEqualTo("ai:3");
        assertThat(create.white().kind()).isEqualTo(PlayerRef.Kind.COMPUTER);
        assertThat(create.black().id()).isEqualTo(guest.id());
        assertThat(create.ranked()).isFalse();
        assertThat(create.timeControl().initialSeconds()).isEqualTo(600);
        assertThat(streams.commands()).filteredOn(k -> k.value().gameId().equals(create.gameId()))
                .singleElement().satisfies(k -> assertThat(k.key()).isEqualTo(create.gameId()));
    }

    @Test
    void anAccountPlaysUntimedByDefault() {
        Tokened alice = Players.account("alice");
        Response created = alice.request().body("{\"level\":9,\"color\":\"WHITE\"}").post("/api/matchmaking/ai-games");
        created.then().statusCode(201);
        CreateGame create = streams.awaitCreateGame(created.path("gameId"));
        assertThat(create.white().id()).isEqualTo(alice.id());
        assertThat(create.black().id()).isEqualTo("ai:9");
        assertThat(create.timeControl().untimed()).isTrue();
    }

    @Test
    void levelsOutsideOneToNineAndBadBodiesAreRefused() {
        Tokened guest = Players.guest("Picky");
        for (String body : new String[]{"{\"level\":0}", "{\"level\":10}", "{\"color\":\"WHITE\"}"}) {
            guest.request().body(body).post("/api/matchmaking/ai-games").then().statusCode(400).body("error", equalTo("BAD_LEVEL"));
        }
        guest.request().body("{\"level\":\"hard\"}").post("/api/matchmaking/ai-games").then().statusCode(400)
                .body("error", equalTo("MALFORMED_JSON"));
        guest.request().body("{\"level\":2,\"color\":\"PURPLE\"}").post("/api/matchmaking/ai-games").then().statusCode(400)
                .body("error", equalTo("UNKNOWN_COLOR"));
        given().contentType(ContentType.JSON).body("{\"level\":2}").post("/api/matchmaking/ai-games").then().statusCode(401);
        assertThat(streams.createGames()).noneMatch(c -> c.white().id().equals(guest.id()) || c.black().id().equals(guest.id()));
    }
}
