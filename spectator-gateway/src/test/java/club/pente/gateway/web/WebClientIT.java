package club.pente.gateway.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static club.pente.gateway.web.BrowserPlatform.attribute;
import static club.pente.gateway.web.BrowserPlatform.await;
import static club.pente.gateway.web.BrowserPlatform.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The game page in a real browser against the whole platform ({@link BrowserPlatform}). A guest plays the
 * computer by clicking the board; a second browser (phone-sized) watches the same game live, drops its
 * socket once and resumes without losing or repeating a move. Screenshots go to target/screenshots.
 */
class WebClientIT {
    /** Points for White's later moves: all outside the central H8-M12 square (the tournament rule). */
    private static final List<String> WHITE_POINTS = List.of("K4", "D4", "Q16", "D16", "Q4", "E5", "O15", "C3", "R17", "B2");

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
    void aGuestPlaysTheComputerWhileASecondBrowserWatchesLive() throws Exception {
        WebDriver player = platform.desktop();
        WebDriver spectator = null;
        try {
            // The lobby: continue as a guest, the lobby socket reports the numbers.
            platform.continueAsGuest(player, "Web Tester");
            await(player).until(d -> text(d, "#online-count").matches("\\d+"));
            platform.shoot(player, "lobby.png");

            // Play the computer as White, level 1.
            new Select(player.findElement(By.id("ai-level"))).selectByValue("1");
            new Select(player.findElement(By.id("ai-colour"))).selectByValue("WHITE");
            player.findElement(By.id("play-ai")).click();
            await(player).until(d -> d.getCurrentUrl().contains("#/game/"));
            String gameId = player.getCurrentUrl().replaceAll(".*#/game/", "");
            assertThat(gameId).isNotBlank();
            await(player).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            assertThat(text(player, "#name-white")).contains("Web Tester");
            assertThat(text(player, "#name-black")).isNotBlank();

            // First move in the centre, by clicking the board; the computer answers.
            point(player, "K10").click();
            await(player).until(d -> "W".equals(point(d, "K10").getDomAttribute("data-stone")));
            await(player).until(d -> moves(d).size() >= 2);
            assertThat(moves(player).get(0)).isEqualTo("K10");
            String reply = moves(player).get(1);
            assertThat(point(player, reply).getDomAttribute("data-stone")).isEqualTo("B");
            assertThat(attribute(player, "#last-move", "data-point")).isEqualTo(reply);

            // A second browser, phone-sized, watches the same game.
            spectator = platform.phone("en");
            spectator.get(platform.base() + "/#/game/" + gameId);
            await(spectator).until(d -> moves(d).size() >= 2);
            assertThat(moves(spectator).subList(0, 2)).isEqualTo(moves(player).subList(0, 2));
            await(spectator).until(d -> count(d, "#spectators") >= 1);
            await(player).until(d -> count(d, "#spectators") >= 1);
            assertThat(spectator.findElements(By.id("resign")).get(0).isDisplayed()).isFalse();

            // White's second stone: the central square is shaded, the stone goes outside it.
            await(player).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            assertThat(attribute(player, "#tournament-zone", "visibility")).isEqualTo("visible");
            assertThat(player.findElement(By.id("rule-note")).isDisplayed()).isTrue();
            String second = freePoint(player);
            point(player, second).click();
            await(player).until(d -> moves(d).size() >= 4);
            assertThat(moves(player).get(2)).isEqualTo(second);
            assertThat(attribute(player, "#tournament-zone", "visibility")).isEqualTo("hidden");
            await(spectator).until(d -> moves(d).equals(moves(player)));

            // The spectator's connection drops; it resumes from the last version it saw.
            ((JavascriptExecutor) spectator).executeScript("window.pente.game.drop()");
            await(player).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            String third = freePoint(player);
            point(player, third).click();
            await(player).until(d -> moves(d).size() >= 6);
            await(spectator).until(d -> moves(d).equals(moves(player)));
            await(spectator).until(d -> !d.findElement(By.id("conn-status")).isDisplayed());
            List<String> watched = moves(spectator);
            assertThat(new HashSet<>(watched.subList(0, 4))).hasSize(4);
            assertThat(((Number) ((JavascriptExecutor) spectator).executeScript("return window.pente.game.version()")).longValue())
                    .isEqualTo(((Number) ((JavascriptExecutor) player).executeScript("return window.pente.game.version()")).longValue());
            for (String p : watched) {
                assertThat(point(spectator, p).getDomAttribute("data-stone"))
                        .isEqualTo(point(player, p).getDomAttribute("data-stone"));
            }

            // Languages switch in place.
            new Select(spectator.findElement(By.id("lang"))).selectByValue("fr");
            await(spectator).until(d -> text(d, ".spectators .label").equals("Spectateurs"));
            new Select(spectator.findElement(By.id("lang"))).selectByValue("en");

            platform.shoot(player, "game.png");
            platform.shoot(spectator, "spectator.png");
        } catch (Throwable failure) {
            platform.describeFailure(player, "player");
            if (spectator != null) {
                platform.describeFailure(spectator, "spectator");
            }
            throw failure;
        }
    }

    @Test
    void anAccountSignsInThroughKeycloaksLoginPage() throws Exception {
        WebDriver alice = platform.desktop();
        try {
            platform.signIn(alice, "alice", "alice");
            assertThat(BrowserPlatform.playerId(alice)).isNotBlank();
            assertThat(text(alice, "#who")).contains("alice");
        } catch (Throwable failure) {
            platform.describeFailure(alice, "alice");
            throw failure;
        } finally {
            platform.quit(alice);
        }
    }

    // --- helpers ------------------------------------------------------------------------------------

    private static int count(WebDriver driver, String css) {
        String value = attribute(driver, css, "data-count");
        return value == null || value.isEmpty() ? -1 : Integer.parseInt(value);
    }

    private static WebElement point(WebDriver driver, String point) {
        return driver.findElement(By.cssSelector("[data-point='" + point + "'].pt"));
    }

    private static List<String> moves(WebDriver driver) {
        List<String> points = new ArrayList<>();
        for (WebElement li : driver.findElements(By.cssSelector("#move-list li"))) {
            points.add(li.getDomAttribute("data-point"));
        }
        return points;
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
