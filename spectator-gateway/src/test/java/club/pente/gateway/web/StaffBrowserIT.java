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
import static club.pente.gateway.web.BrowserPlatform.shown;
import static club.pente.gateway.web.BrowserPlatform.text;
import static club.pente.gateway.web.BrowserPlatform.visible;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The staff pages in real Chromium against the whole platform ({@link BrowserPlatform}): alice and bob (signed in
 * through Keycloak's login page) play a live game in two browsers while a guest watches in a third; the moderator
 * signs in through Keycloak's own login page (authorization code + PKCE) in a fourth, sees the game on the staff
 * games page and aborts it with a reason; all three browsers at the table show the abort and the reason; the audit
 * page shows the entry with the moderator's name. Players and guests see no staff link.
 */
class StaffBrowserIT {
    private static final String REASON = "Stuck game reported by both players";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

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
    void aModeratorAbortsALiveGameFromTheStaffPageAndEveryoneAtTheTableSeesWhyAndTheAuditSaysWho() throws Exception {
        WebDriver alice = open(platform.desktop());
        WebDriver bob = open(platform.desktop());
        WebDriver guest = open(platform.desktop());
        WebDriver mod = open(platform.desktop());
        try {
            platform.signIn(alice, "alice", "alice");
            platform.signIn(bob, "bob", "bob");
            platform.continueAsGuest(guest, "Staff Watcher");
            assertThat(shown(alice, "[data-testid='staff-link']")).as("a staff link for a player").isFalse();
            assertThat(shown(guest, "[data-testid='staff-link']")).as("a staff link for a guest").isFalse();

            // A live game: alice (White) and bob play two moves by clicking; the guest watches.
            String gameId = casualGame();
            for (WebDriver d : List.of(alice, bob, guest)) {
                d.get(platform.base() + "/#/game/" + gameId);
            }
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> x.findElements(By.cssSelector("#board [data-stone]")).size() == 361
                        && "open".equals(attribute(x, "#conn-status", "data-state")));
            }
            play(alice, "K10", 1);
            play(bob, "A19", 2);
            await(guest).until(d -> moves(d).size() == 2);

            // The moderator signs in through Keycloak's login page and opens the staff games page from the header.
            platform.signIn(mod, "mod", "mod");
            click(mod, "[data-testid='staff-link']");
            await(mod).until(d -> d.getCurrentUrl().contains("#/staff"));
            WebElement row = await(mod).until(d -> visible(d, "[data-testid='staff-game-row-" + gameId + "']"));
            assertThat(row.getText()).contains("alice").contains("bob");
            platform.shoot(mod, "staff-games.png");

            // Abort with a reason, through the staff dialog.
            click(mod, "[data-testid='staff-abort-" + gameId + "']");
            await(mod).until(d -> shown(d, "[data-testid='staff-dialog']"));
            WebElement reason = await(mod).until(d -> visible(d, "[data-testid='staff-reason']"));
            reason.clear();
            reason.sendKeys(REASON);
            click(mod, "[data-testid='staff-confirm']");
            await(mod).until(d -> "ok".equals(attribute(d, "[data-testid='staff-message']", "data-kind")));

            // Everyone at the table: the game ended aborted, and the staff's reason is shown.
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> "ABORTED".equals(attribute(x, "#result", "data-reason")));
                WebElement note = await(d).until(x -> visible(x, "[data-testid='game-end-note']"));
                assertThat(note.getText()).contains(REASON);
                assertThat(note.getDomAttribute("data-reason")).isEqualTo("ABORTED");
            }
            platform.shoot(guest, "staff-abort-spectator.png");
            JsonNode ended = get("/api/games/" + gameId);
            assertThat(ended.path("reason").asText()).isEqualTo("ABORTED");
            assertThat(ended.path("endNote").asText()).isEqualTo(REASON);

            // The audit page: the abort, by mod (moderator), with the reason.
            navigate(mod, "#/staff/audit");
            String entry = "[data-testid='audit-row'][data-action='ABORT_GAME'][data-game='" + gameId + "']";
            await(mod).until(d -> {
                if (shown(d, entry)) {
                    return true;
                }
                WebElement apply = visible(d, "[data-testid='audit-apply']");
                if (apply != null) {
                    apply.click(); // the page loads on entry and on apply; the entry may still be on its way
                }
                return false;
            });
            WebElement audited = visible(mod, entry);
            assertThat(audited.getDomAttribute("data-actor")).isEqualTo("mod");
            assertThat(audited.getDomAttribute("data-outcome")).isEqualTo("APPLIED");
            assertThat(audited.getText()).contains("mod").contains(REASON);
            platform.shoot(mod, "staff-audit.png");
        } catch (Throwable failure) {
            platform.describeFailure(alice, "staff-alice");
            platform.describeFailure(bob, "staff-bob");
            platform.describeFailure(guest, "staff-guest");
            platform.describeFailure(mod, "staff-mod");
            throw failure;
        }
    }

    // --- helpers ------------------------------------------------------------------------------------------------

    private WebDriver open(WebDriver driver) {
        opened.add(driver);
        return driver;
    }

    /** A casual 5+5 invitation from alice (White), accepted by bob: the game's id. */
    private static String casualGame() throws Exception {
        JsonNode invitation = post("/api/matchmaking/invitations", DemoTokens.accessToken("alice", "alice"),
                "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"color\":\"WHITE\"}");
        JsonNode accepted = post("/api/matchmaking/invitations/" + invitation.path("code").asText() + "/accept",
                DemoTokens.accessToken("bob", "bob"), "{}");
        String gameId = accepted.path("gameId").asText();
        assertThat(gameId).isNotBlank();
        return gameId;
    }

    private static JsonNode post(String path, String token, String body) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(platform.base() + path))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("POST %s: %s", path, response.body()).isBetween(200, 299);
        return JSON.readTree(response.body());
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(platform.base() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
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
