package club.pente.gateway.web;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The web client in a real browser against the whole platform: the packaged game, matchmaking, AI and
 * (when built) rating services and the packaged gateway, each its own process on real Kafka, PostgreSQL and
 * Keycloak with topics and databases of its own. A guest plays the computer by clicking the board; a second
 * browser (phone-sized) watches the same game live, drops its socket once and resumes without losing or
 * repeating a move. Screenshots go to target/screenshots.
 */
class WebClientIT {
    private static final int GATEWAY_PORT = 18180;
    private static final int GAME_PORT = 18185;
    private static final int MATCHMAKING_PORT = 18186;
    private static final int AI_PORT = 18187;
    private static final int RATING_PORT = 18188;
    private static final String GAME_DB = "pente_game_web_test";
    private static final String MATCHMAKING_DB = "pente_matchmaking_web_test";
    private static final String RATING_DB = "pente_rating_web_test";
    private static final String CHROMIUM = System.getProperty("chromium.binary", "/usr/bin/chromium");
    private static final String CHROMEDRIVER = System.getProperty("chromedriver.binary", "/usr/bin/chromedriver");
    /** Points for White's later moves: all outside the central H8-M12 square (the tournament rule). */
    private static final List<String> WHITE_POINTS = List.of("K4", "D4", "Q16", "D16", "Q4", "E5", "O15", "C3", "R17", "B2");

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static final List<WebDriver> browsers = new ArrayList<>();
    private static final List<Path> profiles = new ArrayList<>();
    private static Path screenshots;
    private static String base;

    @BeforeAll
    static void startPlatform() throws Exception {
        File gateway = jar("gateway.jar", "target/quarkus-app/quarkus-run.jar");
        File game = jar("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar");
        File matchmaking = jar("matchmaking.service.jar", "../matchmaking-service/target/quarkus-app/quarkus-run.jar");
        File ai = jar("ai.service.jar", "../ai-service/target/quarkus-app/quarkus-run.jar");
        File rating = jar("rating.service.jar", "../rating-service/target/quarkus-app/quarkus-run.jar");
        // Only a service that is not built yet skips this test; anything else that goes wrong fails it.
        for (File required : List.of(gateway, game, matchmaking, ai)) {
            assumeTrue(required.isFile(), required + " is not built (package that service first)");
        }
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            throw new IllegalStateException(CHROMIUM + " and " + CHROMEDRIVER + " are needed: run spectator-gateway/browser-deps.sh");
        }
        screenshots = Path.of(System.getProperty("screenshots.dir", "target/screenshots"));
        Files.createDirectories(screenshots);

        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        Map<String, String> common = new HashMap<>(IsolatedTopics.fresh("webtest").properties());
        common.putAll(ServiceProperties.kafkaAndKeycloak(config)); // Kafka, Keycloak, the development guest key

        TestDatabases.recreate(GAME_DB);
        Map<String, String> gameProps = withDatabase(common, config, GAME_DB);
        start(game, "game-service-for-web", GAME_PORT, gameProps);

        String ratingUrl = "http://127.0.0.1:" + RATING_PORT;
        if (rating.isFile()) {
            TestDatabases.recreate(RATING_DB);
            Map<String, String> ratingProps = withDatabase(common, config, RATING_DB);
            start(rating, "rating-service-for-web", RATING_PORT, ratingProps);
        }

        TestDatabases.recreate(MATCHMAKING_DB);
        Map<String, String> matchmakingProps = withDatabase(common, config, MATCHMAKING_DB);
        matchmakingProps.put("pente.rating.url", ratingUrl);
        matchmakingProps.put("pente.invitation.link-base", "http://127.0.0.1:" + GATEWAY_PORT + "/#/invite/");
        start(matchmaking, "matchmaking-service-for-web", MATCHMAKING_PORT, matchmakingProps);

        Map<String, String> aiProps = new HashMap<>(common);
        aiProps.put("quarkus.rest-client.game-service.url", "http://127.0.0.1:" + GAME_PORT);
        aiProps.put("pente.ai.threads", "1");
        start(ai, "ai-service-for-web", AI_PORT, aiProps);

        base = "http://127.0.0.1:" + GATEWAY_PORT;
        Map<String, String> gatewayProps = new HashMap<>(common);
        gatewayProps.put("pente.ws.allowed-origins", base + ",http://localhost:" + GATEWAY_PORT);
        gatewayProps.put("pente.route.games", "http://127.0.0.1:" + GAME_PORT);
        gatewayProps.put("pente.route.matchmaking", "http://127.0.0.1:" + MATCHMAKING_PORT);
        gatewayProps.put("pente.route.ratings", ratingUrl);
        gatewayProps.put("pente.route.ai", "http://127.0.0.1:" + AI_PORT);
        gatewayProps.put("pente.web.keycloak-url", config.realmUrl());
        gatewayProps.put("pente.guest.private-key-file", new File("../deploy/keys/guest-dev-private.pem").getAbsolutePath());
        start(gateway, "gateway-for-web", GATEWAY_PORT, gatewayProps);
    }

    @AfterAll
    static void stopPlatform() throws Exception {
        for (WebDriver browser : browsers) {
            try {
                browser.quit();
            } catch (RuntimeException e) {
                // already gone
            }
        }
        for (int i = services.size() - 1; i >= 0; i--) {
            services.get(i).close();
        }
        for (Path profile : profiles) {
            deleteTree(profile);
        }
    }

    @Test
    void aGuestPlaysTheComputerWhileASecondBrowserWatchesLive() throws Exception {
        WebDriver player = browser(1280, 1000);
        WebDriver spectator = null;
        try {
            // The lobby: continue as a guest, the lobby socket reports the numbers.
            player.get(base + "/");
            WebElement name = await(player).until(d -> visible(d, "#guest-name"));
            name.sendKeys("Web Tester");
            player.findElement(By.id("guest-button")).click();
            await(player).until(d -> text(d, "#lobby-who").contains("Web Tester"));
            await(player).until(d -> text(d, "#online-count").matches("\\d+"));
            shoot(player, "lobby.png");

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
            spectator = browser(412, 915);
            spectator.get(base + "/#/game/" + gameId);
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

            shoot(player, "game.png");
            shoot(spectator, "spectator.png");
        } catch (Throwable failure) {
            System.err.println("player at " + player.getCurrentUrl() + ", last message: "
                    + ((JavascriptExecutor) player).executeScript("return document.getElementById('toast').textContent"));
            shoot(player, "failure-player.png");
            if (spectator != null) {
                shoot(spectator, "failure-spectator.png");
            }
            throw failure;
        }
    }

    // --- helpers ------------------------------------------------------------------------------------

    private static File jar(String property, String fallback) {
        return new File(System.getProperty(property, fallback));
    }

    private static Map<String, String> withDatabase(Map<String, String> common, StackConfig config, String database) {
        Map<String, String> props = new HashMap<>(common);
        props.put("quarkus.datasource.reactive.url", config.postgres().withDatabase(database).reactiveUrl());
        props.put("quarkus.datasource.jdbc.url", config.postgres().withDatabase(database).jdbcUrl());
        props.put("quarkus.datasource.username", config.postgresUser());
        props.put("quarkus.datasource.password", config.postgresPassword());
        return props;
    }

    private static void start(File jar, String name, int port, Map<String, String> props) throws Exception {
        ServiceProcess service = ServiceProcess.start(jar, name, port, props);
        services.add(service);
        service.awaitReady(Duration.ofSeconds(120));
    }

    private static WebDriver browser(int width, int height) throws IOException {
        Path tmp = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
        Path profile = Files.createTempDirectory(tmp, "chromium-profile-");
        profiles.add(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=" + width + "," + height, "--lang=en-US");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        WebDriver driver = new ChromeDriver(service, options);
        browsers.add(driver);
        return driver;
    }

    private static WebDriverWait await(WebDriver driver) {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.pollingEvery(Duration.ofMillis(100));
        return wait;
    }

    private static WebElement visible(WebDriver driver, String css) {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return !found.isEmpty() && found.get(0).isDisplayed() ? found.get(0) : null;
    }

    private static String text(WebDriver driver, String css) {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return found.isEmpty() ? "" : found.get(0).getText().trim();
    }

    private static String attribute(WebDriver driver, String css, String name) {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return found.isEmpty() ? null : found.get(0).getDomAttribute(name);
    }

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

    private static void shoot(WebDriver driver, String name) {
        try {
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), screenshots.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        } catch (Exception e) {
            System.err.println("screenshot " + name + " failed: " + e);
        }
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
