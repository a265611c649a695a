package club.pente.game.rest;

import club.pente.game.support.GameServiceTestResource;
import club.pente.testinfra.DemoTokens;
import club.pente.testinfra.ManagementInterface;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * Health, metrics, OpenAPI and swagger-ui live on the management port only: the public port, the one the
 * gateway forwards to, knows nothing under /q/. Request bodies are capped.
 */
@QuarkusTest
@QuarkusTestResource(value = GameServiceTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class ManagementInterfaceTest {

    @Test
    void managementEndpointsAreNotOnThePublicPort() {
        for (String path : List.of("/q/health", "/q/health/ready", "/q/metrics", "/q/openapi", "/q/openapi?format=json", "/q/swagger-ui/")) {
            given().get(path).then().statusCode(404);
        }
    }

    @Test
    void managementEndpointsAreOnTheManagementPort() {
        int port = ManagementInterface.testPort();
        given().port(port).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(port).get("/q/metrics").then().statusCode(200).body(containsString("pente_game_command_batch_seconds"));
        given().port(port).get("/q/openapi?format=json").then().statusCode(200).body(containsString("/api/games/{id}/moves"));
        given().port(port).get("/q/swagger-ui/").then().statusCode(200);
    }

    @Test
    void anOversizeBodyGets413() {
        String token = DemoTokens.accessToken("alice", "alice");
        String huge = "{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"" + "x".repeat(20_000) + "\"}";
        given().auth().oauth2(token).contentType(ContentType.JSON).body(huge)
                .post("/api/games/{id}/moves", "no-such-game").then().statusCode(413);
        // A body under the limit reaches the endpoint, which answers for itself (here: no such game).
        given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"point\":\"K10\",\"expectedPly\":1,\"commandId\":\"c1\"}")
                .post("/api/games/{id}/moves", "no-such-game").then().statusCode(404);
    }
}
