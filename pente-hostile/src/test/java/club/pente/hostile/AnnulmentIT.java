package club.pente.hostile;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.contract.RatingChanged;
import club.pente.core.contract.Topic;
import club.pente.testinfra.Await;
import club.pente.testinfra.Platform;
import club.pente.testinfra.StreamPublisher;
import club.pente.testinfra.StreamRecorder;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static club.pente.hostile.StaffPlatform.call;
import static club.pente.hostile.StaffPlatform.token;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An annulment end to end through the packaged services ({@link StaffPlatform}): alice and bob play two ranked games
 * to the end through the game service, the rating service rates both; an admin annuls the second through the gateway;
 * both players' ratings and game counts go back to what they were after the first (profile and leaderboard), with a
 * compensating RatingChanged (cause ANNULMENT) each; then the very same GameAnnulled record published again, once the
 * rating service has read past it (its consumer group committed beyond it), changed nothing: no rating, row or event.
 */
class AnnulmentIT {
    private static Platform platform;
    private static PlayerRef alice;
    private static PlayerRef bob;

    @BeforeAll
    static void start() throws Exception {
        platform = StaffPlatform.get();
        alice = StaffPlatform.account("alice");
        bob = StaffPlatform.account("bob");
    }

    @Test
    void annullingARatedGameRestoresBothRatingsOnceEvenWhenTheAnnulmentIsRedelivered() throws Exception {
        // A first rated game, so that "before" is a real rating and not the default of a player never rated.
        int aliceGames = games(alice);
        int bobGames = games(bob);
        String first = StaffPlatform.finishedGame(alice, bob, true);
        awaitGames(alice, aliceGames + 1, "the first game rated");
        awaitGames(bob, bobGames + 1, "the first game rated");
        JsonNode aliceBefore = StaffPlatform.profile(alice.id());
        JsonNode bobBefore = StaffPlatform.profile(bob.id());

        try (StreamRecorder<String> events = StreamRecorder.rawFromNow(platform.config().kafkaBootstrapServers(), platform.topic(Topic.GAME_EVENTS));
             StreamRecorder<String> ratings = StreamRecorder.rawFromNow(platform.config().kafkaBootstrapServers(), platform.topic(Topic.RATING_EVENTS))) {
            // The second: bob (White) wins it as alice resigns, so that both ratings move.
            String annulled = StaffPlatform.liveGame(bob, alice, true);
            accepted(call("POST", platform.url("game") + "/api/games/" + annulled + "/resign", token("alice"), "{}"), 200);
            awaitGames(alice, aliceBefore.path("games").asInt() + 1, "the second game rated");
            awaitGames(bob, bobBefore.path("games").asInt() + 1, "the second game rated for bob");
            assertThat(rating(alice)).as("alice's rating after losing").isLessThan(aliceBefore.path("rating").asInt());
            assertThat(rating(bob)).as("bob's rating after winning").isGreaterThan(bobBefore.path("rating").asInt());

            HttpResponse<String> annul = call("POST", platform.url("gateway") + "/api/admin/games/" + annulled + "/annul",
                    token("admin"), "{\"reason\":\"the players arranged the result\"}");
            accepted(annul, 202);
            for (PlayerRef player : List.of(alice, bob)) {
                JsonNode before = player == alice ? aliceBefore : bobBefore;
                Await.until(player.name() + "'s rating back to " + before.path("rating").asInt(), () -> {
                    try {
                        JsonNode now = StaffPlatform.profile(player.id());
                        return now != null && now.path("rating").asInt() == before.path("rating").asInt()
                                && now.path("games").asInt() == before.path("games").asInt() ? true : null;
                    } catch (Exception e) {
                        return null;
                    }
                }, Duration.ofSeconds(30));
            }
            JsonNode view = StaffPlatform.game(annulled);
            assertThat(view.path("annulled").path("by").asText()).isEqualTo("admin");
            assertThat(view.path("annulled").path("reason").asText()).isEqualTo("the players arranged the result");

            // One compensating RatingChanged per player, cause ANNULMENT, from the rating after the game back to before.
            List<RatingChanged> compensations = ratings.awaitCount("two ANNULMENT rating changes", 2,
                    r -> annulment(r.value()) != null).stream().map(r -> annulment(r.value())).toList();
            assertThat(compensations).extracting(RatingChanged::playerId).containsExactlyInAnyOrder(alice.id(), bob.id());
            for (RatingChanged change : compensations) {
                JsonNode before = change.playerId().equals(alice.id()) ? aliceBefore : bobBefore;
                assertThat(change.gameId()).isEqualTo(annulled);
                assertThat(change.after()).isEqualTo(before.path("rating").asInt());
            }
            assertLeaderboard(aliceBefore, bobBefore);

            // The annulment again: refused at the edge; and the same GameAnnulled record redelivered changes nothing.
            HttpResponse<String> again = call("POST", platform.url("gateway") + "/api/admin/games/" + annulled + "/annul",
                    token("admin"), "{\"reason\":\"twice\"}");
            assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
            assertThat(StaffPlatform.code(again)).isEqualTo("ALREADY_ANNULLED");
            StreamRecorder.Recorded<String> original = events.awaitMatching("the GameAnnulled event",
                    r -> r.value() != null && r.value().contains("\"GameAnnulled\"") && r.value().contains(annulled));
            Map<String, String> ratingRows = ratingDatabase();
            int ratingEvents = ratings.records().size();
            try (StreamPublisher publisher = new StreamPublisher(platform.config().kafkaBootstrapServers())) {
                publisher.send(platform.topic(Topic.GAME_EVENTS), original.key(), original.value(), original.headers());
            }
            StreamRecorder.Recorded<String> copy = events.awaitCount("the redelivered GameAnnulled", 2,
                    r -> original.value().equals(r.value())).get(1);
            awaitRatingServiceRead(copy);
            assertThat(ratingDatabase()).as("the rating database after the redelivered GameAnnulled").isEqualTo(ratingRows);
            assertThat(ratings.records()).as("rating events after the redelivery").hasSize(ratingEvents);
            assertThat(StaffPlatform.profile(alice.id()).path("rating").asInt()).isEqualTo(aliceBefore.path("rating").asInt());
            assertThat(StaffPlatform.profile(bob.id()).path("rating").asInt()).isEqualTo(bobBefore.path("rating").asInt());
            System.out.printf("annulment: alice %d -> %d -> %d, bob %d -> %d -> %d (first game %s, annulled %s); redelivery changed nothing%n",
                    aliceBefore.path("rating").asInt(), compensations.stream().filter(c -> c.playerId().equals(alice.id())).findFirst().get().before(),
                    rating(alice), bobBefore.path("rating").asInt(),
                    compensations.stream().filter(c -> c.playerId().equals(bob.id())).findFirst().get().before(), rating(bob), first, annulled);
        }
    }

    // --- helpers --------------------------------------------------------------------------------------------------

    private static RatingChanged annulment(String json) {
        try {
            RatingChanged change = Contracts.json().readValue(json, RatingChanged.class);
            return change.cause() == RatingChanged.Cause.ANNULMENT ? change : null;
        } catch (Exception e) {
            return null;
        }
    }

    private static void assertLeaderboard(JsonNode aliceBefore, JsonNode bobBefore) throws Exception {
        Await.until("the leaderboard with the restored ratings", () -> {
            try {
                JsonNode board = StaffPlatform.json(call("GET", platform.url("rating") + "/api/ratings/leaderboard?size=100", null, null));
                JsonNode rows = board.isArray() ? board : board.path("players").isArray() ? board.path("players") : board.path("entries");
                int found = 0;
                for (JsonNode row : rows) {
                    String id = row.path("playerId").asText(row.path("id").asText());
                    JsonNode before = id.equals(alice.id()) ? aliceBefore : id.equals(bob.id()) ? bobBefore : null;
                    if (before != null && row.path("rating").asInt() == before.path("rating").asInt()) {
                        found++;
                    }
                }
                return found == 2 ? true : null;
            } catch (Exception e) {
                return null;
            }
        }, Duration.ofSeconds(30));
    }

    /** Waits until the rating service's consumer group has committed past {@code record}: it has handled it. */
    private static void awaitRatingServiceRead(StreamRecorder.Recorded<String> record) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", platform.config().kafkaBootstrapServers());
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        try (Admin admin = Admin.create(props)) {
            String group = Await.until("the rating service's consumer group", () -> {
                try {
                    return admin.listConsumerGroups().all().get().stream().map(g -> g.groupId())
                            .filter(g -> g.startsWith("pente-rating-service-staff.")).findFirst().orElse(null);
                } catch (Exception e) {
                    return null;
                }
            }, Duration.ofSeconds(10));
            Await.until("the rating service (" + group + ") past offset " + record.offset() + " of " + partition, () -> {
                try {
                    OffsetAndMetadata at = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().get(partition);
                    return at != null && at.offset() > record.offset() ? true : null;
                } catch (Exception e) {
                    return null;
                }
            }, Duration.ofSeconds(30));
        }
    }

    private static Map<String, String> ratingDatabase() throws Exception {
        Map<String, String> all = StaffPlatform.databases();
        all.keySet().removeIf(key -> !key.startsWith("rating."));
        return all;
    }

    private static int games(PlayerRef player) throws Exception {
        JsonNode profile = StaffPlatform.profile(player.id());
        return profile == null ? 0 : profile.path("games").asInt();
    }

    private static int rating(PlayerRef player) throws Exception {
        return StaffPlatform.profile(player.id()).path("rating").asInt();
    }

    private static void awaitGames(PlayerRef player, int games, String what) {
        Await.until(what + " (" + player.name() + " with " + games + " games)", () -> {
            try {
                return games(player) >= games ? true : null;
            } catch (Exception e) {
                return null;
            }
        }, Duration.ofSeconds(60));
    }

    private static void accepted(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as("%s: %s", response.request().uri(), response.body()).isEqualTo(status);
    }

}
