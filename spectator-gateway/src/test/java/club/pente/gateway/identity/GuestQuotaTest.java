package club.pente.gateway.identity;

import club.pente.gateway.support.GatewayTestResource;
import club.pente.testinfra.StackTest;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

/** Guest identities per address and minute are limited: beyond the limit a 429 with Retry-After, and no token. */
@QuarkusTest
@TestProfile(GuestQuotaTest.ThreeAMinute.class)
@QuarkusTestResource(value = GatewayTestResource.class, restrictToAnnotatedClass = false)
@StackTest
class GuestQuotaTest {
    public static class ThreeAMinute implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("pente.guest.issue.per-minute", "3");
        }
    }

    @Test
    void oneAddressGetsSoManyGuestsAMinute() {
        for (int i = 0; i < 3; i++) {
            given().contentType(ContentType.JSON).body("{\"name\":\"Visitor\"}").post("/api/guests").then().statusCode(200);
        }
        String retryAfter = given().contentType(ContentType.JSON).body("{\"name\":\"Visitor\"}").post("/api/guests").then()
                .statusCode(429).body("error", equalTo("TOO_MANY_GUESTS")).body("token", equalTo(null))
                .extract().header("Retry-After");
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);
    }
}
