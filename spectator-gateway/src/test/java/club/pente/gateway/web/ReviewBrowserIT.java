package club.pente.gateway.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import static club.pente.gateway.web.BrowserPlatform.attribute;
import static club.pente.gateway.web.BrowserPlatform.await;
import static club.pente.gateway.web.BrowserPlatform.script;
import static club.pente.gateway.web.BrowserPlatform.text;
import static club.pente.gateway.web.BrowserPlatform.visible;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's help in a real browser against the whole platform ({@link BrowserPlatform}), issue 17: the
 * lobby's levels 1-9 with their Elo estimates, a hint in a casual game against the computer (the count goes
 * down, the marked point is empty and the move it suggests is accepted), then the post-game review of that
 * game: one graph point per ply, every move classed, the engine's best move drawn on the board at a replayed
 * ply, the summary per side; and the same review on a phone in French. Screenshots go to target/screenshots.
 */
class ReviewBrowserIT {
    /** Points for White's later moves: all outside the central H8-M12 square (the tournament rule). */
    private static final List<String> WHITE_POINTS = List.of("K4", "D4", "Q16", "D16", "Q4", "E5", "O15", "C3", "R17", "B2");
    /** A review is capped at 20 s of engine time by default; the pool may queue it behind another. */
    private static final Duration REVIEW_WAIT = Duration.ofSeconds(60);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static BrowserPlatform platform;

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

    @Test
    void aGuestTakesAHintAgainstTheComputerThenReviewsTheGame() throws Exception {
        WebDriver player = platform.desktop();
        WebDriver phone = null;
        try {
            platform.continueAsGuest(player, "Review Tester");

            // The lobby's levels: 1 to 9, each with its Elo estimate when the AI service has a ladder to give.
            Select level = new Select(player.findElement(By.id("ai-level")));
            assertThat(level.getOptions()).extracting(o -> o.getDomAttribute("value"))
                    .containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9");
            assertThat(text(player, "#ai-level-note")).contains("9");
            if (levelsStatus() == 200) {
                // A level the ladder has no figure for stays a plain number; the others read "5 · ≈1450 ±40".
                await(player).until(d -> new Select(d.findElement(By.id("ai-level"))).getOptions().stream()
                        .anyMatch(o -> o.getText().contains("≈")));
                assertThat(new Select(player.findElement(By.id("ai-level"))).getOptions()).extracting(WebElement::getText)
                        .allSatisfy(label -> assertThat(label).matches("\\d( · ≈\\d+( ±\\d+)?)?"));
            } else {
                assertThat(level.getOptions()).extracting(WebElement::getText)
                        .containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9");
            }
            platform.shoot(player, "levels.png");

            // A casual game against the computer at level 1, as White.
            new Select(player.findElement(By.id("ai-level"))).selectByValue("1");
            new Select(player.findElement(By.id("ai-colour"))).selectByValue("WHITE");
            player.findElement(By.id("play-ai")).click();
            await(player).until(d -> d.getCurrentUrl().contains("#/game/"));
            String gameId = player.getCurrentUrl().replaceAll(".*#/game/", "");
            await(player).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));

            // A hint: the count goes down by one, the mark is on an empty point, and playing it is accepted.
            WebElement hint = await(player).until(d -> {
                WebElement button = visible(d, "#hint-button");
                return button != null && button.isEnabled() ? button : null;
            });
            int before = Integer.parseInt(hint.getDomAttribute("data-left"));
            assertThat(before).isPositive();
            assertThat(hint.getText()).contains(String.valueOf(before));
            hint.click();
            String suggested = await(player).until(d -> attribute(d, "#hint-mark", "data-point"));
            assertThat(point(player, suggested).getDomAttribute("data-stone")).isEmpty();
            assertThat(attribute(player, "#board", "data-notes")).isEqualTo(suggested);
            assertThat(Integer.parseInt(attribute(player, "#hint-button", "data-left"))).isEqualTo(before - 1);
            assertThat(text(player, "#hint-note")).contains(suggested);
            platform.shoot(player, "hint.png");
            point(player, suggested).click();
            await(player).until(d -> moves(d).size() >= 2);
            assertThat(moves(player).get(0)).isEqualTo(suggested);
            assertThat(player.findElements(By.id("hint-mark"))).isEmpty();

            // Two more moves of White's, then White resigns.
            for (int ply = 3; ply <= 5; ply += 2) {
                int shown = ply;
                await(player).until(d -> "me".equals(attribute(d, "#turn", "data-turn")) && moves(d).size() == shown - 1);
                point(player, freePoint(player)).click();
                await(player).until(d -> moves(d).size() >= shown + 1);
            }
            await(player).until(d -> visible(d, "#resign")).click();
            await(player).until(d -> String.valueOf(attribute(d, "#resign", "class")).contains("armed"));
            player.findElement(By.id("resign")).click();
            await(player).until(d -> visible(d, "#result") != null && visible(d, "#review-button") != null);
            int plies = moves(player).size();
            assertThat(plies).isGreaterThanOrEqualTo(6);

            // The review: a point per ply, every move classed, a summary per side.
            player.findElement(By.id("review-button")).click();
            await(player, REVIEW_WAIT).until(d -> visible(d, "#review-results") != null
                    || "failed".equals(attribute(d, "#review-status", "data-state")));
            assertThat(text(player, "#review-status")).as("the review's refusal").isEmpty();
            assertReview(player, plies);

            // The graph is a slider: Home, then two steps right, replays ply 2; White's best move there is drawn.
            WebElement graph = player.findElement(By.id("eval-graph"));
            keysTo(player, graph, Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);
            await(player).until(d -> "2".equals(attribute(d, "#eval-graph", "aria-valuenow")));
            assertThat(text(player, "#replay-position")).contains("2");
            String best = await(player).until(d -> attribute(d, "#review-best", "data-point"));
            assertThat(point(player, best).getDomAttribute("data-stone")).isEmpty();
            assertThat(text(player, "#review-best-text")).contains(best);
            // The toggle hides the best move and line, and brings them back.
            player.findElement(By.id("review-show-best")).click();
            await(player).until(d -> d.findElements(By.cssSelector("#board .note")).isEmpty());
            player.findElement(By.id("review-show-best")).click();
            await(player).until(d -> !d.findElements(By.id("review-best")).isEmpty());
            // A click on the graph's last point goes to the end.
            player.findElement(By.cssSelector("#eval-graph .eval-point[data-ply='" + plies + "']")).click();
            await(player).until(d -> String.valueOf(plies).equals(attribute(d, "#eval-graph", "aria-valuenow")));
            keysTo(player, graph, Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);
            await(player).until(d -> !d.findElements(By.id("review-best")).isEmpty());
            platform.shoot(player, "review.png");
            copy("review.png", "review-desktop.png");

            // The same game on a phone, in French, from its replay page.
            phone = platform.phone("fr");
            platform.continueAsGuest(phone, "Téléphone");
            phone.get(platform.base() + "/#/replay/" + gameId);
            await(phone).until(d -> visible(d, "#review-button")).click();
            await(phone, REVIEW_WAIT).until(d -> visible(d, "#review-results") != null
                    || "failed".equals(attribute(d, "#review-status", "data-state")));
            assertThat(text(phone, "#review-status")).as("the review's refusal").isEmpty();
            assertReview(phone, plies);
            assertThat(text(phone, "#review-summary")).contains("Précision");
            await(phone).until(d -> !d.findElements(By.id("review-best")).isEmpty()); // the replay starts at ply 0
            script(phone, "document.getElementById('review').scrollIntoView()");
            platform.shoot(phone, "review-phone-fr.png");
            copy("review-phone-fr.png", "review-phone-fr.png");
        } catch (Throwable failure) {
            platform.describeFailure(player, "review-player");
            if (phone != null) {
                platform.describeFailure(phone, "review-phone");
            }
            throw failure;
        }
    }

    /** What a finished review shows: the graph's points, the move list's classes, the summary's rows. */
    private static void assertReview(WebDriver driver, int plies) {
        assertThat(driver.findElements(By.cssSelector("#eval-graph .eval-point"))).hasSize(plies);
        assertThat(attribute(driver, "#eval-graph", "aria-valuemax")).isEqualTo(String.valueOf(plies));
        @SuppressWarnings("unchecked")
        List<String> classes = (List<String>) script(driver,
                "return [...document.querySelectorAll('#move-list li')].map(e => e.dataset.reviewClass || '')");
        assertThat(classes).hasSize(plies).allSatisfy(c -> assertThat(c).isIn("best", "good", "inaccuracy", "mistake", "blunder", "forced"));
        assertThat(driver.findElements(By.cssSelector("#move-list li .review-mark"))).hasSize(plies);
        assertThat(driver.findElements(By.cssSelector("#review-summary tbody tr"))).hasSize(5);
        assertThat(driver.findElements(By.cssSelector("#review-summary tbody td"))).hasSize(10)
                .allSatisfy(td -> assertThat(td.getText()).matches("\\d+(\\.\\d)?%?"));
    }

    private static int levelsStatus() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(platform.base() + "/api/ai/levels")).build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode();
    }

    /** A screenshot also where the lead's note picks it up (/tmp/team17), when that directory is there. */
    private static void copy(String shot, String as) {
        Path from = Path.of(System.getProperty("screenshots.dir", "target/screenshots"), shot);
        Path to = Path.of(System.getProperty("review.screenshots.copy", "/tmp/team17"), as);
        try {
            if (Files.isDirectory(to.getParent()) && Files.isRegularFile(from)) {
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (Exception e) {
            System.err.println("copy of " + shot + " failed: " + e);
        }
    }

    /** Keys to an element with the focus, as a person tabbing to it and typing. */
    private static void keysTo(WebDriver driver, WebElement element, CharSequence... keys) {
        script(driver, "arguments[0].focus()", element);
        new Actions(driver).sendKeys(keys).perform();
    }

    private static WebElement point(WebDriver driver, String point) {
        return driver.findElement(By.cssSelector("[data-point='" + point + "'].pt"));
    }

    @SuppressWarnings("unchecked")
    private static List<String> moves(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#move-list li')].map(e => e.getAttribute('data-point'))");
    }

    private static String freePoint(WebDriver driver) {
        for (String candidate : WHITE_POINTS) {
            if ("".equals(point(driver, candidate).getDomAttribute("data-stone"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no free point among " + WHITE_POINTS);
    }
}
