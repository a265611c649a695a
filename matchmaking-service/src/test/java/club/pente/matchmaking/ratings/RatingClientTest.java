package club.pente.matchmaking.ratings;

import club.pente.core.contract.RatingCategory;
import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Variant;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rating lookup over real HTTP against a stand-in for the rating service's one endpoint: the category goes in
 * the query, the answer's rating comes back; errors and a silent service mean the default.
 */
class RatingClientTest {
    private HttpServer server;
    private final List<String> asked = new CopyOnWriteArrayList<>();
    /** What the stand-in rates each category (a rating service without categories would answer pente-live's). */
    private final Map<String, Integer> ratings = Map.of("pente-live", 1610, "keryo-turn", 1720, "gomoku-live", 1390);

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/ratings/players/", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            asked.add(exchange.getRequestURI().getRawPath() + "?" + query);
            String category = query != null && query.startsWith("category=") ? query.substring("category=".length()) : "pente-live";
            Integer rating = ratings.get(category);
            byte[] body = (rating == null ? "{\"error\":\"NO_RATING\"}" : "{\"rating\":" + rating + ",\"provisional\":false}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(rating == null ? 404 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private RatingClient client() {
        return new RatingClient("http://127.0.0.1:" + server.getAddress().getPort() + "/", Duration.ofSeconds(2), 1500);
    }

    @Test
    void asksForTheCategoryOfTheVariantAndSpeed() {
        RatingClient client = client();
        assertThat(client.ratingOf("p:1", RatingCategory.of(Variant.KERYO, TimeControl.daysPerMove(3)))).isEqualTo(1720);
        assertThat(client.ratingOf("p:1", RatingCategory.of(Variant.GOMOKU, new TimeControl(300, 5)))).isEqualTo(1390);
        assertThat(client.ratingOf("p:1")).as("the form before categories: pente-live").isEqualTo(1610);
        assertThat(client.ratingOf("p:1", RatingCategory.of(Variant.PENTE, TimeControl.daysPerMove(1))))
                .as("no pente-turn rating yet: the default").isEqualTo(1500);
        assertThat(asked).containsExactly("/api/ratings/players/p%3A1/rating?category=keryo-turn",
                "/api/ratings/players/p%3A1/rating?category=gomoku-live", "/api/ratings/players/p%3A1/rating?category=pente-live",
                "/api/ratings/players/p%3A1/rating?category=pente-turn");
    }

    @Test
    void anUnreachableServiceMeansTheDefault() {
        RatingClient client = client();
        server.stop(0);
        assertThat(client.ratingOf("p:2", RatingCategory.of(Variant.KERYO, TimeControl.daysPerMove(3)))).isEqualTo(1500);
    }
}
