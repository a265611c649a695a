package club.pente.gateway.support;

import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.http.ContentType;

import static io.restassured.RestAssured.given;

/** Guest identities as a browser gets them: POST /api/guests on the gateway under test. */
public final class Guests {
    private Guests() {
    }

    public record Guest(String token, String id, String name) {
    }

    public static Guest create(String name) {
        JsonNode body = given().contentType(ContentType.JSON).body("{\"name\":\"" + name + "\"}").post("/api/guests")
                .then().statusCode(200).extract().as(JsonNode.class);
        return new Guest(body.path("token").asText(), body.path("id").asText(), body.path("name").asText());
    }
}
