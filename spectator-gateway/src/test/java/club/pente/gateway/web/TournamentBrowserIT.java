package club.pente.gateway.web;

import club.pente.testinfra.DemoTokens;
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
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static club.pente.gateway.web.BrowserPlatform.attribute;
import static club.pente.gateway.web.BrowserPlatform.script;
import static club.pente.gateway.web.BrowserPlatform.text;
import static club.pente.gateway.web.BrowserPlatform.visible;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tournaments and turn-based games in real Chromium against the whole platform ({@link BrowserPlatform}):
 * alice, signed in through Keycloak's page, creates a Swiss tournament from the tournaments page's form and joins
 * it; bob joins through the API; her tournament page (which anyone may watch) lists them both, as the
 * matchmaking API does. Then a turn-based game (one day per move, an invitation alice sends bob and bob accepts,
 * both through the API): "my games" lists it as her move with the time left, she opens it, the clock shows a
 * deadline rather than seconds, she plays by clicking; bob answers through the game API while she is on "my games",
 * the lobby socket's YourTurn notification shows as a toast with a link, and the game page shows bob's stone.
 * Screenshots: docs/tournament.png and docs/my-games.png, and target/screenshots.
 */
class TournamentBrowserIT {
    private static final Path DOCS = Path.of("../docs");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String MATCHMAKING = "http://127.0.0.1:" + BrowserPlatform.MATCHMAKING_PORT;
    private static final String GAMES = "http://127.0.0.1:" + BrowserPlatform.GAME_PORT;

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
    void aliceCreatesATournamentInTheBrowserJoinsItAndSeesBobWhoJoinedThroughTheApi() throws Exception {
        WebDriver alice = open(platform.desktop());
        try {
            platform.signIn(alice, "alice", "alice");
            String aliceId = BrowserPlatform.playerId(alice);
            String bobToken = DemoTokens.accessToken("bob", "bob");
            String bobId = DemoTokens.claims(bobToken).path("sub").asText();

            navigate(alice, "#/tournaments");
            // The form is enabled for an account once matchmaking's presets have come.
            await(alice).until(d -> {
                WebElement create = visible(d, "#tour-create");
                return create != null && create.isEnabled() && d.findElements(By.cssSelector("#tour-time option[value='1d']")).size() == 1;
            });
            String name = "Browser Swiss " + UUID.randomUUID().toString().substring(0, 6);
            WebElement nameField = alice.findElement(By.id("tour-name"));
            nameField.clear();
            nameField.sendKeys(name);
            new Select(alice.findElement(By.id("tour-format"))).selectByValue("SWISS");
            WebElement rounds = alice.findElement(By.id("tour-rounds"));
            rounds.clear();
            rounds.sendKeys("2");
            new Select(alice.findElement(By.id("tour-variant"))).selectByValue("KERYO");
            new Select(alice.findElement(By.id("tour-time"))).selectByValue("1d");
            // Half an hour from now (the browser's local time, as a person picks it): it does not start under the test.
            script(alice, "const d = new Date(Date.now() + 30 * 60000); const p = n => String(n).padStart(2, '0');"
                    + "document.getElementById('tour-starts').value = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;");
            alice.findElement(By.id("tour-create")).click();
            await(alice).until(d -> d.getCurrentUrl().contains("#/tournament/") && text(d, "#tour-title").equals(name));
            String tournamentId = alice.getCurrentUrl().replaceAll(".*#/tournament/", "");

            JsonNode created = get(MATCHMAKING + "/api/matchmaking/tournaments/" + tournamentId, null);
            assertThat(created.path("name").asText()).isEqualTo(name);
            assertThat(created.path("variant").asText()).isEqualTo("KERYO");
            assertThat(created.path("format").asText()).isEqualTo("SWISS");

            // Alice joins from the page (unless creating it entered her already).
            if (alice.findElements(By.cssSelector("#tour-players li[data-player-id='" + aliceId + "']")).isEmpty()) {
                click(alice, "#tour-join");
            }
            await(alice).until(d -> !d.findElements(By.cssSelector("#tour-players li[data-player-id='" + aliceId + "']")).isEmpty()
                    && visible(d, "#tour-leave") != null);

            // Bob joins through the API; the page (polling while it waits for the start) shows him too.
            HttpResponse<String> joined = send("POST", MATCHMAKING + "/api/matchmaking/tournaments/" + tournamentId + "/join", bobToken, null);
            assertThat(joined.statusCode()).as("bob joins: %s", joined.body()).isBetween(200, 204);
            await(alice, Duration.ofSeconds(45)).until(d ->
                    !d.findElements(By.cssSelector("#tour-players li[data-player-id='" + bobId + "']")).isEmpty());
            assertThat(alice.findElements(By.cssSelector("#tour-players li"))).hasSize(2);
            assertThat(text(alice, "#tour-summary")).contains("Keryo-Pente");

            // The API agrees: both are entered.
            JsonNode players = get(MATCHMAKING + "/api/matchmaking/tournaments/" + tournamentId, null).path("players");
            List<String> ids = new ArrayList<>();
            players.forEach(p -> ids.add(p.isTextual() ? p.asText() : p.path("id").asText(p.path("playerId").asText())));
            assertThat(ids).containsExactlyInAnyOrder(aliceId, bobId);

            // The list page shows it among the upcoming ones.
            platform.shootTo(alice, DOCS.resolve("tournament.png"));
            platform.shoot(alice, "tournament.png");
            navigate(alice, "#/tournaments");
            await(alice).until(d -> text(d, "#tour-upcoming li[data-tournament-id='" + tournamentId + "']").contains(name));
            platform.shoot(alice, "tournaments.png");
        } catch (Throwable failure) {
            platform.describeFailure(alice, "tournament-alice");
            throw failure;
        }
    }

    @Test
    void aTurnBasedMoveIsPlayedInTheBrowserAndTheOpponentsAnswerComesAsANotificationAndOnTheBoard() throws Exception {
        WebDriver alice = open(platform.desktop());
        try {
            platform.signIn(alice, "alice", "alice");
            String aliceToken = DemoTokens.accessToken("alice", "alice");
            String bobToken = DemoTokens.accessToken("bob", "bob");

            // A one-day-per-move game: alice (White) invites bob, bob accepts, both through matchmaking's API.
            HttpResponse<String> invited = send("POST", MATCHMAKING + "/api/matchmaking/invitations", aliceToken,
                    Map.of("mode", "CASUAL", "timeControl", "1d", "color", "WHITE", "invitee", "bob", "variant", "PENTE"));
            assertThat(invited.statusCode()).as("invitation: %s", invited.body()).isEqualTo(201);
            String code = JSON.readTree(invited.body()).path("code").asText();
            HttpResponse<String> accepted = send("POST", MATCHMAKING + "/api/matchmaking/invitations/" + code + "/accept", bobToken, null);
            assertThat(accepted.statusCode()).as("accept: %s", accepted.body()).isBetween(200, 201);
            String gameId = JSON.readTree(accepted.body()).path("gameId").asText();
            awaitGame(gameId);
            assertThat(get(GAMES + "/api/games/" + gameId, null).path("timeControl").path("daysPerMove").asInt()).isEqualTo(1);

            // My games: her move, with the time left on it (a day, not a ticking clock).
            navigate(alice, "#/games");
            String row = "#mine-list li[data-game-id='" + gameId + "']";
            await(alice).until(d -> "me".equals(attribute(d, row, "data-turn")) && text(d, row).contains("bob")
                    && text(d, row + " .deadline-left").contains("left"));
            platform.shootTo(alice, DOCS.resolve("my-games.png"));
            platform.shoot(alice, "my-games.png");

            click(alice, row + " a.button");
            await(alice).until(d -> d.getCurrentUrl().endsWith("#/game/" + gameId)
                    && d.findElements(By.cssSelector("#board [data-stone]")).size() == 361
                    && "open".equals(attribute(d, "#conn-status", "data-state"))
                    && "me".equals(attribute(d, "#turn", "data-turn")));
            assertThat(text(alice, "#clock-white")).as("a deadline, not a seconds clock").contains("left").doesNotContain(":");
            assertThat(text(alice, "#game-variant")).isEqualTo("Pente");
            alice.findElement(By.cssSelector("#board .pt[data-point='K10']")).click();
            await(alice).until(d -> moves(d).equals(List.of("K10")) && "BLACK".equals(attribute(d, "#turn", "data-turn")));
            platform.shoot(alice, "turn-based-after-move.png");

            // Bob answers (the game API, as a bot would) while alice is on "my games": a toast with a link, then his stone.
            navigate(alice, "#/games");
            await(alice).until(d -> "them".equals(attribute(d, "#mine-others li[data-game-id='" + gameId + "']", "data-turn")));
            HttpResponse<String> answer = send("POST", GAMES + "/api/games/" + gameId + "/moves", bobToken,
                    Map.of("point", "K13", "expectedPly", 2));
            assertThat(answer.statusCode()).as("bob's move: %s", answer.body()).isBetween(200, 202);
            WebElement link = await(alice).until(d -> visible(d, "#toast #your-turn-link"));
            assertThat(text(alice, "#toast")).contains("Your move against bob");
            await(alice).until(d -> "me".equals(attribute(d, row, "data-turn")));
            link.click();
            await(alice).until(d -> d.getCurrentUrl().endsWith("#/game/" + gameId) && moves(d).equals(List.of("K10", "K13"))
                    && "B".equals(attribute(d, "#board .pt[data-point='K13']", "data-stone"))
                    && "me".equals(attribute(d, "#turn", "data-turn")));
            platform.shoot(alice, "turn-based-answered.png");

            // A deadline that passes draws vacation on the server without an event: the page, whose deadline has
            // passed (set back here, as if the day had gone by), asks for the view again and shows the server's.
            Instant serverDeadline = Instant.parse(get(GAMES + "/api/games/" + gameId, null).path("deadline").asText())
                    .truncatedTo(ChronoUnit.MILLIS);
            script(alice, "const g = window.pente.game.state(); g.deadline = new Date(Date.now() - 60000).toISOString();"
                    + " g.deadlineVersion = window.pente.game.version()");
            await(alice).withMessage(() -> "the page's deadline " + attribute(alice, "#turn-deadline", "data-deadline") + ", the server's "
                    + serverDeadline + ", the clock " + text(alice, "#clock-white"))
                    .until(d -> serverDeadline.toString().equals(instant(attribute(d, "#turn-deadline", "data-deadline")))
                    && text(d, "#clock-white").contains("left"));
        } catch (Throwable failure) {
            platform.describeFailure(alice, "turn-based-alice");
            throw failure;
        }
    }

    // --- helpers ------------------------------------------------------------------------------------------------

    private static void awaitGame(String gameId) {
        club.pente.testinfra.Await.until("game " + gameId + " created", () -> {
            try {
                HttpResponse<String> r = send("GET", GAMES + "/api/games/" + gameId, null, null);
                return r.statusCode() == 200 ? Boolean.TRUE : null;
            } catch (Exception e) {
                return null;
            }
        }, Duration.ofSeconds(60));
    }

    private static HttpResponse<String> send(String method, String url, String token, Object body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Accept", "application/json");
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode get(String url, String token) throws Exception {
        HttpResponse<String> response = send("GET", url, token, null);
        assertThat(response.statusCode()).as("GET %s: %s", url, response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** An ISO instant as Instant.toString spells it, null when there is none. */
    private static String instant(String iso) {
        try {
            return iso == null || iso.isEmpty() ? null : Instant.parse(iso).toString();
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> moves(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#move-list li')].map(e => e.getAttribute('data-point'))");
    }

    private WebDriver open(WebDriver driver) {
        opened.add(driver);
        return driver;
    }

    private static void navigate(WebDriver driver, String hash) {
        script(driver, "location.hash = arguments[0]", hash);
    }

    private static WebDriverWait await(WebDriver driver) {
        return await(driver, BrowserPlatform.WAIT);
    }

    private static WebDriverWait await(WebDriver driver, Duration timeout) {
        WebDriverWait wait = BrowserPlatform.await(driver, timeout);
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    private static void click(WebDriver driver, String css) {
        await(driver).until(d -> {
            WebElement found = visible(d, css);
            if (found == null || !found.isEnabled()) {
                return false;
            }
            found.click();
            return true;
        });
    }
}
