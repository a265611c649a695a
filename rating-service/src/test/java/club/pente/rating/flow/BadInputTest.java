package club.pente.rating.flow;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.GameEnded;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Status;
import club.pente.rating.support.RatingServiceTestResource;
import club.pente.rating.support.RatingStreams;
import club.pente.testinfra.StackTest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import club.pente.testinfra.StreamRecorder.Recorded;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static club.pente.rating.support.RatingApi.awaitGames;
import static club.pente.rating.support.RatingApi.statistics;
import static club.pente.rating.support.RatingStreams.account;
import static club.pente.rating.support.RatingStreams.ranked;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** Hostile ids in paths get a precise 400; hostile GameEnded records are dead-lettered without holding up the partition. */
@QuarkusTest
@QuarkusTestResource(value = RatingServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class BadInputTest {
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
    void badPlayerIdsInPathsAreA400() {
        // Raw paths: NUL, a control character, a space, non-ASCII, and one character beyond the longest id.
        List<String> bad = List.of("%00", "alice%00", "%0A", "a%20b", "%C3%A9l%C3%A8ve", "x".repeat(65));
        for (String id : bad) {
            for (String suffix : List.of("", "/rating")) {
                given().urlEncodingEnabled(false).get("/api/ratings/players/" + id + suffix).then()
                        .statusCode(400).body("error", equalTo("BAD_ID")).body("message", containsString("64"));
            }
        }
        // The longest legal id is still an ordinary lookup.
        given().get("/api/ratings/players/{id}/rating", "y".repeat(64)).then().statusCode(200).body("rating", equalTo(1500));
        given().get("/api/ratings/players/{id}", "y".repeat(64)).then().statusCode(404).body("error", equalTo("UNKNOWN_PLAYER"));
    }

    @Test
    void badGameEndedRecordsAreDeadLetteredAndTheNextGameIsRated() throws Exception {
        long gamesBefore = statistics().getLong("games");
        PlayerRef white = account("white");
        PlayerRef black = account("black");
        // All on one key: one partition, in order. Each would fail the database (or the contract) every time.
        String key = UUID.randomUUID().toString();
        List<String> bad = List.of(
                with(ranked(white, black, Status.WHITE_WINS), "gameId", "g".repeat(65)),
                with(ranked(white, black, Status.WHITE_WINS), "gameId", "bad\u0000id"),
                with(ranked(white, black, Status.WHITE_WINS), "eventId", "évènement"),
                withPlayer(ranked(white, black, Status.WHITE_WINS), "white", "id", "p".repeat(129)),
                withPlayer(ranked(white, black, Status.WHITE_WINS), "black", "name", "nul\u0000name"),
                // Within Instant's range but not PostgreSQL's (294276 AD at most): only the database refuses it.
                with(ranked(white, black, Status.WHITE_WINS), "occurredAt", "+300000-01-01T00:00:00Z"),
                with(ranked(white, black, Status.WHITE_WINS), "occurredAt", "-5000-01-01T00:00:00Z"));
        for (String record : bad) {
            streams.sendRaw(key, record);
        }
        PlayerRef marker1 = account("marker-1");
        PlayerRef marker2 = account("marker-2");
        streams.sendRaw(key, Contracts.json().writeValueAsString(ranked(marker1, marker2, Status.WHITE_WINS)));

        JsonPath marker = awaitGames(marker1.id(), 1);
        assertThat(marker.getInt("rating")).isEqualTo(1520);
        await().atMost(Duration.ofSeconds(30)).until(() -> streams.deadLetters().stream().filter(r -> key.equals(r.key())).count() >= bad.size());
        assertThat(streams.deadLetters()).filteredOn(r -> key.equals(r.key())).extracting(Recorded::value)
                .containsExactlyInAnyOrderElementsOf(bad);
        // Nothing of the bad records was applied: only the marker game was counted, nobody else rated.
        assertThat(statistics().getLong("games")).isEqualTo(gamesBefore + 1);
        given().get("/api/ratings/players/{id}", white.id()).then().statusCode(404);
        given().get("/api/ratings/players/{id}", black.id()).then().statusCode(404);
    }

    @Test
    void recordsTypedAsOtherEventsArePassedOverUnreadAndRecordsWithoutTheHeaderStillRead() throws Exception {
        String key = UUID.randomUUID().toString();
        // The game service's type header says these are not GameEnded: not read, so garbage is no dead letter.
        streams.sendTyped(key, "{not json", "MovePlayed");
        streams.sendTyped(key, "", "MoveRejected");
        // Without the header a record is read as before: this one is unreadable and dead-lettered.
        String unheaded = "{not json either";
        streams.sendRaw(key, unheaded);
        streams.sendRaw(key, null); // a tombstone is no event either, and is dead-lettered as it is
        streams.sendTyped(key, null, "MovePlayed");
        PlayerRef marker1 = account("typed-1");
        PlayerRef marker2 = account("typed-2");
        streams.sendTyped(key, Contracts.json().writeValueAsString(ranked(marker1, marker2, Status.BLACK_WINS)), "GameEnded");

        assertThat(awaitGames(marker2.id(), 1).getInt("rating")).isEqualTo(1520);
        // Same partition, in order, and the batch waits for its dead letters: they are all there by now.
        await().atMost(Duration.ofSeconds(30)).until(() -> streams.deadLetters().stream().filter(r -> key.equals(r.key())).count() >= 2);
        assertThat(streams.deadLetters()).filteredOn(r -> key.equals(r.key())).extracting(Recorded::value)
                .containsExactly(unheaded, null);
        Recorded<String> dead = streams.deadLetters().stream().filter(r -> key.equals(r.key())).findFirst().orElseThrow();
        assertThat(dead.header("dead-letter-reason"))
                .contains("not JSON");
    }

    private static String with(GameEnded event, String field, String value) throws Exception {
        ObjectNode tree = Contracts.json().valueToTree(event);
        tree.put(field, value);
        return Contracts.json().writeValueAsString(tree);
    }

    private static String withPlayer(GameEnded event, String side, String field, String value) throws Exception {
        ObjectNode tree = Contracts.json().valueToTree(event);
        ((ObjectNode) tree.get(side)).put(field, value);
        return Contracts.json().writeValueAsString(tree);
    }
}
