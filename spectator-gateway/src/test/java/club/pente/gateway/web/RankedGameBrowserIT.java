package club.pente.gateway.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static club.pente.gateway.web.BrowserPlatform.attribute;
import static club.pente.gateway.web.BrowserPlatform.script;
import static club.pente.gateway.web.BrowserPlatform.text;
import static club.pente.gateway.web.BrowserPlatform.visible;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A ranked game between two accounts in real Chromium ({@link BrowserPlatform}): alice signs in through Keycloak's
 * login page, invites bob by name to a ranked game from her lobby; bob (second browser, signed in the same way)
 * accepts it from his; they play it to the end by clicking the board (alice's five in a row). Then both profile
 * pages and the lobby's leaderboard show the new ratings: the ones the rating API gives after the game, which differ
 * from the ones it gave before (the winner up, the loser down, one more game each).
 */
class RankedGameBrowserIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** White's five on the K file (K4..K8, after the centre), Black far away on row 19: no capture, no tria to block. */
    private static final List<String> WHITE = List.of("K10", "K4", "K5", "K6", "K7", "K8");
    private static final List<String> BLACK = List.of("A19", "C19", "E19", "G19", "J19");

    private static BrowserPlatform platform;
    private final List<WebDriver> opened = new ArrayList<>();

    @BeforeAll
    static void startPlatform() throws Exception {
        platform = BrowserPlatform.get();
    }

    @AfterAll
    static void closeBrowsers() {
        if (platform != null) {
            platform.quitBrowsers();
        }
    }

    @AfterEach
    void closeThisTestsBrowsers() {
        opened.forEach(platform::quit);
        opened.clear();
    }

    @Test
    void aliceAndBobPlayARankedInvitationToTheEndAndBothProfilesAndTheLeaderboardShowTheNewRatings() throws Exception {
        WebDriver alice = open(platform.desktop());
        WebDriver bob = open(platform.desktop());
        try {
            platform.signIn(alice, "alice", "alice");
            platform.signIn(bob, "bob", "bob");
            String aliceId = BrowserPlatform.playerId(alice);
            String bobId = BrowserPlatform.playerId(bob);
            Rating aliceBefore = rating(aliceId);
            Rating bobBefore = rating(bobId);

            // A ranked invitation to bob, alice White; bob accepts it from his lobby.
            navigate(alice, "#/");
            WebElement to = await(alice).until(d -> visible(d, "#invite-to"));
            to.clear();
            to.sendKeys("bob");
            new Select(await(alice).until(d -> visible(d, "#invite-mode"))).selectByValue("RANKED");
            new Select(alice.findElement(By.id("invite-colour"))).selectByValue("WHITE");
            await(alice).until(d -> d.findElement(By.id("invite-button")).isEnabled());
            String before = text(alice, "#invite-code");
            alice.findElement(By.id("invite-button")).click();
            await(alice).until(d -> !text(d, "#invite-code").isEmpty() && !text(d, "#invite-code").equals(before));
            String code = text(alice, "#invite-code");
            navigate(bob, "#/");
            String received = "#received-invitations li[data-code='" + code + "']";
            await(bob).until(d -> text(d, received).contains("alice"));
            click(bob, received + " .accept-invitation");
            // The invitation page: an invitation addressed to him may take him straight to the game, else its accept button.
            await(bob).until(d -> {
                if (d.getCurrentUrl().contains("#/game/")) {
                    return true;
                }
                WebElement accept = visible(d, "#accept-invite");
                if (accept != null && accept.isEnabled()) {
                    accept.click();
                }
                return false;
            });
            String gameId = bob.getCurrentUrl().replaceAll(".*#/game/", "");
            if (!alice.getCurrentUrl().endsWith("#/game/" + gameId)) {
                alice.get(platform.base() + "/#/game/" + gameId);
            }
            for (WebDriver d : List.of(alice, bob)) {
                await(d).until(x -> x.findElements(By.cssSelector("#board [data-stone]")).size() == 361
                        && "open".equals(attribute(x, "#conn-status", "data-state")));
            }
            assertThat(get(platform.base() + "/api/games/" + gameId).path("ranked").asBoolean()).as("a ranked game").isTrue();

            // Played to the end by clicking: alice's five in a row.
            int ply = 0;
            for (int i = 0; i < WHITE.size(); i++) {
                play(alice, WHITE.get(i), ++ply);
                if (i < BLACK.size()) {
                    play(bob, BLACK.get(i), ++ply);
                }
            }
            for (WebDriver d : List.of(alice, bob)) {
                await(d).until(x -> "WHITE_WINS".equals(attribute(x, "#result", "data-status")));
            }
            assertThat(attribute(alice, "#result", "data-outcome")).isEqualTo("won");
            assertThat(attribute(bob, "#result", "data-outcome")).isEqualTo("lost");

            // The rating API after the game: one more game each, the winner up and the loser down.
            Rating aliceAfter = awaitRated(aliceId, aliceBefore.games + 1);
            Rating bobAfter = awaitRated(bobId, bobBefore.games + 1);
            assertThat(aliceAfter.rating).as("alice's rating after winning").isGreaterThan(aliceBefore.rating);
            assertThat(bobAfter.rating).as("bob's rating after losing").isLessThan(bobBefore.rating);
            System.out.printf("ranked browser game %s: alice %d -> %d, bob %d -> %d%n", gameId, aliceBefore.rating, aliceAfter.rating,
                    bobBefore.rating, bobAfter.rating);

            // Both profiles, each seen by its owner and by the other player.
            for (WebDriver viewer : List.of(alice, bob)) {
                for (String[] player : List.of(new String[]{aliceId, String.valueOf(aliceAfter.rating)},
                        new String[]{bobId, String.valueOf(bobAfter.rating)})) {
                    navigate(viewer, "#/player/" + player[0]);
                    await(viewer).until(d -> player[1].equals(text(d, "#profile-rating"))
                            && player[0].equals(attribute(d, "section.profile", "data-player-id")));
                }
            }
            platform.shoot(alice, "ranked-profile.png");

            // The lobby's leaderboard (it loads the board on entry).
            navigate(alice, "#/");
            for (String[] player : List.of(new String[]{aliceId, String.valueOf(aliceAfter.rating)},
                    new String[]{bobId, String.valueOf(bobAfter.rating)})) {
                String cell = "#leaderboard tr[data-player-id='" + player[0] + "'] td:nth-child(3)";
                await(alice).until(d -> text(d, cell).startsWith(player[1]));
            }
            platform.shoot(alice, "ranked-leaderboard.png");
        } catch (Throwable failure) {
            platform.describeFailure(alice, "ranked-alice");
            platform.describeFailure(bob, "ranked-bob");
            throw failure;
        }
    }

    // --- helpers ------------------------------------------------------------------------------------------------

    private record Rating(int rating, int games) {
    }

    /** The rating service's own answer (1500 and no games for a player it has not rated). */
    private static Rating rating(String playerId) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + BrowserPlatform.RATING_PORT
                + "/api/ratings/players/" + playerId)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 404) {
            return new Rating(1500, 0);
        }
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode profile = JSON.readTree(response.body());
        return new Rating(profile.path("rating").asInt(), profile.path("games").asInt());
    }

    private static Rating awaitRated(String playerId, int games) {
        return club.pente.testinfra.Await.until(playerId + " rated with " + games + " games", () -> {
            try {
                Rating now = rating(playerId);
                return now.games >= games ? now : null;
            } catch (Exception e) {
                return null;
            }
        }, Duration.ofSeconds(60));
    }

    private WebDriver open(WebDriver driver) {
        opened.add(driver);
        return driver;
    }

    private static JsonNode get(String url) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", url, response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static void play(WebDriver driver, String point, int ply) {
        await(driver).until(d -> "me".equals(attribute(d, "#turn", "data-turn")) && moves(d).size() == ply - 1);
        driver.findElement(By.cssSelector("[data-point='" + point + "'].pt")).click();
        await(driver).until(d -> moves(d).size() == ply && point.equals(moves(d).get(ply - 1)));
    }

    @SuppressWarnings("unchecked")
    private static List<String> moves(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#move-list li')].map(e => e.getAttribute('data-point'))");
    }

    private static void navigate(WebDriver driver, String hash) {
        script(driver, "location.hash = arguments[0]", hash);
    }

    private static WebDriverWait await(WebDriver driver) {
        WebDriverWait wait = BrowserPlatform.await(driver, BrowserPlatform.WAIT);
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    private static void click(WebDriver driver, String css) {
        await(driver).until(d -> {
            WebElement found = visible(d, css);
            if (found == null) {
                return false;
            }
            found.click();
            return true;
        });
    }
}
