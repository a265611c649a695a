package club.pente.matchmaking.ratings;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.RatingCategory;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Reads a player's rating in one category from the rating service
 * ({@code GET /api/ratings/players/{id}/rating?category=keryo-turn}; a rating service that does not know the
 * parameter answers pente-live). A player it does not know (404), an error or an unreachable service all mean the
 * default rating: pairing goes on.
 */
@ApplicationScoped
public class RatingClient {
    private static final Logger LOG = Logger.getLogger(RatingClient.class);

    private final HttpClient http;
    private final String baseUrl;
    private final Duration timeout;
    private final int defaultRating;

    /** Where the rating service answers ({@code pente.rating.*}), and what a player it cannot tell about is rated. */
    @ConfigMapping(prefix = "pente.rating")
    public interface Settings {
        String url();

        @WithDefault("1s")
        Duration timeout();

        @WithName("default")
        @WithDefault("1500")
        int defaultRating();
    }

    @Inject
    public RatingClient(Settings settings) {
        this(settings.url(), settings.timeout(), settings.defaultRating());
    }

    public RatingClient(String baseUrl, Duration timeout, int defaultRating) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.timeout = timeout;
        this.defaultRating = defaultRating;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The pente-live rating (the one category before variants). */
    public int ratingOf(String playerId) {
        return ratingOf(playerId, RatingCategory.DEFAULT);
    }

    /** Blocking, at most about the configured timeout. */
    public int ratingOf(String playerId, RatingCategory category) {
        URI uri = URI.create(baseUrl + "/api/ratings/players/" + URLEncoder.encode(playerId, StandardCharsets.UTF_8) + "/rating?category="
                + URLEncoder.encode(category.id(), StandardCharsets.UTF_8));
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return defaultRating;
            }
            JsonNode rating = Contracts.json().readTree(response.body()).get("rating");
            return rating != null && rating.canConvertToInt() ? rating.asInt() : defaultRating;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return defaultRating;
        } catch (Exception e) {
            LOG.debugf("rating service unavailable (%s); using %d for %s", e.toString(), defaultRating, playerId);
            return defaultRating;
        }
    }
}
