package club.pente.gateway.web;

import club.pente.stack.Components;
import club.pente.stack.StackConfig;
import club.pente.testinfra.IsolatedTopics;
import club.pente.testinfra.ServiceProcess;
import club.pente.testinfra.ServiceProperties;
import club.pente.testinfra.TestDatabases;
import club.pente.testinfra.TestStack;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.chromium.ChromiumDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The whole platform for browser tests, started once per test JVM (the first {@link #get()}) and stopped by
 * a shutdown hook: the packaged game, matchmaking, AI and (when built) rating services and the packaged
 * gateway, each its own process on the real Kafka, PostgreSQL and Keycloak, with topics and databases of
 * its own. It opens headless Chromium browsers (desktop or phone sized, in a language) and drives what
 * every page test needs: continue as a guest, sign in through Keycloak's own login page, screenshots.
 *
 * <p>The gateway listens on 127.0.0.1:8080 (system property {@code browser.gateway.port}): the realm's
 * pente-web client accepts redirects and origins on that port only, and a sign-in must come back to it.
 * Run browser tests under {@code flock /tmp/pente-test-browser.lock}: they share these ports and databases.
 */
public final class BrowserPlatform {
    public static final int GATEWAY_PORT = Integer.getInteger("browser.gateway.port", 8080);
    public static final int GAME_PORT = 18185;
    public static final int MATCHMAKING_PORT = 18186;
    public static final int AI_PORT = 18187;
    public static final int RATING_PORT = 18188;
    /** How long a player may have no connection on their turn before the opponent may claim the win. */
    public static final int ABANDONMENT_SECONDS = Integer.getInteger("browser.abandonment.seconds", 8);
    public static final Duration WAIT = Duration.ofSeconds(30);
    public static final Dimension DESKTOP = new Dimension(1280, 1000);
    public static final Dimension PHONE = new Dimension(412, 915);

    private static final String GAME_DB = "pente_game_web_test";
    private static final String MATCHMAKING_DB = "pente_matchmaking_web_test";
    private static final String RATING_DB = "pente_rating_web_test";
    private static final String CHROMIUM = System.getProperty("chromium.binary", "/usr/bin/chromium");
    private static final String CHROMEDRIVER = System.getProperty("chromedriver.binary", "/usr/bin/chromedriver");

    private static BrowserPlatform instance;

    /** A browser window's size in CSS pixels. */
    public record Dimension(int width, int height) { }

    private final Map<String, Service> services = new LinkedHashMap<>();
    private final List<WebDriver> browsers = new ArrayList<>();
    private final List<Path> profiles = new ArrayList<>();
    private final Path screenshots;
    private final String base;

    /** A service of the platform: how to start it again after a test stopped it. */
    private static final class Service {
        final File jar;
        final String name;
        final int port;
        final Map<String, String> properties;
        ServiceProcess process;

        Service(File jar, String name, int port, Map<String, String> properties) {
            this.jar = jar;
            this.name = name;
            this.port = port;
            this.properties = properties;
        }
    }

    /**
     * The platform, started on first use. A test is skipped (not failed) only when a service is not built;
     * anything else that goes wrong fails it.
     */
    public static synchronized BrowserPlatform get() throws Exception {
        if (instance == null) {
            File gateway = jar("gateway.jar", "target/quarkus-app/quarkus-run.jar");
            File game = jar("game.service.jar", "../game-service/target/quarkus-app/quarkus-run.jar");
            File matchmaking = jar("matchmaking.service.jar", "../matchmaking-service/target/quarkus-app/quarkus-run.jar");
            File ai = jar("ai.service.jar", "../ai-service/target/quarkus-app/quarkus-run.jar");
            File rating = jar("rating.service.jar", "../rating-service/target/quarkus-app/quarkus-run.jar");
            for (File required : List.of(gateway, game, matchmaking, ai)) {
                assumeTrue(required.isFile(), required + " is not built (package that service first)");
            }
            if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
                throw new IllegalStateException(CHROMIUM + " and " + CHROMEDRIVER + " are needed: run spectator-gateway/browser-deps.sh");
            }
            BrowserPlatform platform = new BrowserPlatform();
            Runtime.getRuntime().addShutdownHook(new Thread(platform::stop, "browser-platform-stop"));
            try {
                platform.start(gateway, game, matchmaking, ai, rating);
            } catch (Exception | Error e) {
                platform.stop();
                throw e;
            }
            instance = platform;
        }
        return instance;
    }

    private BrowserPlatform() throws IOException {
        screenshots = Path.of(System.getProperty("screenshots.dir", "target/screenshots"));
        Files.createDirectories(screenshots);
        base = "http://127.0.0.1:" + GATEWAY_PORT;
    }

    private void start(File gateway, File game, File matchmaking, File ai, File rating) throws Exception {
        StackConfig config = TestStack.get().ensure(Components.KAFKA, Components.POSTGRES, Components.KEYCLOAK);
        Map<String, String> common = new HashMap<>(IsolatedTopics.fresh("webtest").properties());
        common.putAll(ServiceProperties.kafkaAndKeycloak(config)); // Kafka, Keycloak, the development guest key

        TestDatabases.recreate(GAME_DB);
        Map<String, String> gameProps = withDatabase(common, config, GAME_DB);
        // A test may look at a fresh game for a while before its first move: not aborted under it.
        gameProps.put("pente.game.first-move-seconds", "300");
        start(new Service(game, "game", GAME_PORT, gameProps));

        String ratingUrl = "http://127.0.0.1:" + RATING_PORT;
        if (rating.isFile()) {
            TestDatabases.recreate(RATING_DB);
            start(new Service(rating, "rating", RATING_PORT, withDatabase(common, config, RATING_DB)));
        }

        TestDatabases.recreate(MATCHMAKING_DB);
        Map<String, String> matchmakingProps = withDatabase(common, config, MATCHMAKING_DB);
        matchmakingProps.put("pente.rating.url", ratingUrl);
        matchmakingProps.put("pente.invitation.link-base", base + "/#/invite/");
        start(new Service(matchmaking, "matchmaking", MATCHMAKING_PORT, matchmakingProps));

        Map<String, String> aiProps = new HashMap<>(common);
        aiProps.put("quarkus.rest-client.game-service.url", "http://127.0.0.1:" + GAME_PORT);
        aiProps.put("pente.ai.threads", "1");
        // A review searches at most this long in all (20 s by default, for people): the browser tests only need its shape.
        aiProps.put("pente.ai.review.max-total", System.getProperty("browser.review.max-total", "4s"));
        start(new Service(ai, "ai", AI_PORT, aiProps));

        Map<String, String> gatewayProps = new HashMap<>(common);
        gatewayProps.put("pente.ws.allowed-origins", base + ",http://localhost:" + GATEWAY_PORT);
        gatewayProps.put("pente.route.games", "http://127.0.0.1:" + GAME_PORT);
        gatewayProps.put("pente.route.matchmaking", "http://127.0.0.1:" + MATCHMAKING_PORT);
        gatewayProps.put("pente.route.ratings", ratingUrl);
        gatewayProps.put("pente.route.ai", "http://127.0.0.1:" + AI_PORT);
        gatewayProps.put("pente.web.keycloak-url", config.realmUrl());
        gatewayProps.put("pente.guest.private-key-file", new File("../deploy/keys/guest-dev-private.pem").getAbsolutePath());
        gatewayProps.put("pente.abandonment.seconds", String.valueOf(ABANDONMENT_SECONDS));
        start(new Service(gateway, "gateway", GATEWAY_PORT, gatewayProps));
    }

    private void start(Service service) throws Exception {
        for (int port : List.of(service.port, ServiceProcess.managementPortFor(service.port))) {
            // Else the readiness check would be answered by whatever holds the port (an earlier run's service).
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                probe.setReuseAddress(true);
            } catch (IOException e) {
                throw new IllegalStateException("port " + port + " for " + service.name + " is taken (a service left over from an earlier run?)", e);
            }
        }
        service.process = ServiceProcess.start(service.jar, service.name + "-service-for-web", service.port, service.properties);
        services.put(service.name, service);
        service.process.awaitReady(Duration.ofSeconds(120));
    }

    /** Stops one service ("game", "matchmaking", "ai", "rating", "gateway") as a crash would. */
    public synchronized void kill(String name) throws InterruptedException {
        Service service = services.get(name);
        if (service != null && service.process != null) {
            service.process.kill();
            service.process = null;
        }
    }

    /** Starts a service stopped by {@link #kill} again, with the same settings (and database). */
    public synchronized void restart(String name) throws Exception {
        Service service = services.get(name);
        if (service == null) {
            throw new IllegalArgumentException("no service " + name);
        }
        if (service.process == null) {
            start(service);
        }
    }

    /**
     * Stops every service at once, then kills what is left after a few seconds: run one after the other,
     * the graceful stops outlasted the time the test JVM is given to exit, and the last services (game,
     * rating) were left running on their ports, answering the next run's health checks on old topics.
     */
    private synchronized void stop() {
        quitBrowsers();
        List<Thread> stopping = new ArrayList<>();
        List<ServiceProcess> processes = new ArrayList<>();
        for (Service service : services.values()) {
            ServiceProcess process = service.process;
            service.process = null;
            if (process != null) {
                processes.add(process);
                Thread thread = new Thread(() -> {
                    try {
                        process.close();
                    } catch (Exception e) {
                        // killed below
                    }
                }, "stop-" + service.name);
                thread.start();
                stopping.add(thread);
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (Thread thread : stopping) {
            try {
                thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (ServiceProcess process : processes) {
            try {
                process.kill();
            } catch (Exception e) {
                // gone already
            }
        }
        for (Path profile : profiles) {
            deleteTree(profile);
        }
        profiles.clear();
    }

    /** The gateway's address, e.g. http://127.0.0.1:8080. */
    public String base() {
        return base;
    }

    // --- browsers -----------------------------------------------------------------------------------

    /** A desktop-sized browser in English. */
    public WebDriver desktop() throws IOException {
        return browser(DESKTOP, "en");
    }

    /**
     * A phone-sized browser (a 412x915 CSS-pixel mobile viewport) in a language (en, fr, ru, nl, tr). Headless
     * Chromium keeps a window at least 500 pixels wide whatever --window-size asks, so the viewport is set
     * through the DevTools protocol.
     */
    public WebDriver phone(String language) throws IOException {
        WebDriver driver = browser(PHONE, language);
        ((ChromiumDriver) driver).executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", PHONE.width(), "height", PHONE.height(), "deviceScaleFactor", 1, "mobile", true));
        return driver;
    }

    /** A new headless Chromium with its own profile (no shared cookies or storage), in {@code language}. */
    public synchronized WebDriver browser(Dimension size, String language) throws IOException {
        Path tmp = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
        Path profile = Files.createTempDirectory(tmp, "chromium-profile-");
        profiles.add(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--autoplay-policy=no-user-gesture-required",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=" + size.width() + "," + size.height(),
                "--lang=" + language);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        WebDriver driver = new ChromeDriver(service, options);
        browsers.add(driver);
        return driver;
    }

    /** Closes one browser (its sockets go with it), as a player closing the window. */
    public synchronized void quit(WebDriver driver) {
        browsers.remove(driver);
        try {
            driver.quit();
        } catch (RuntimeException e) {
            // already gone
        }
    }

    /** Closes every browser opened so far (a test class's @AfterAll). */
    public synchronized void quitBrowsers() {
        for (WebDriver browser : new ArrayList<>(browsers)) {
            quit(browser);
        }
    }

    // --- who the browser is -------------------------------------------------------------------------

    /** Opens the lobby and continues as a guest named {@code name}; returns when the lobby greets the guest. */
    public void continueAsGuest(WebDriver driver, String name) {
        driver.get(base + "/");
        WebElement field = await(driver).until(d -> visible(d, "#guest-name"));
        field.clear();
        field.sendKeys(name);
        driver.findElement(By.id("guest-button")).click();
        await(driver).until(d -> text(d, "#lobby-who").contains(name));
    }

    /**
     * Signs {@code user} in the way a person does: the header's "Sign in", Keycloak's own login page
     * (authorization code + PKCE), back on the lobby with the account's name shown.
     */
    public void signIn(WebDriver driver, String user, String password) {
        if (!driver.getCurrentUrl().startsWith(base)) {
            driver.get(base + "/");
        }
        WebElement button = await(driver).until(d -> visible(d, "#sign-in-lobby, #sign-in"));
        button.click();
        WebElement username = await(driver).until(d -> visible(d, "#username"));
        username.clear();
        username.sendKeys(user);
        driver.findElement(By.id("password")).sendKeys(password);
        driver.findElement(By.cssSelector("#kc-login, [name='login'], button[type='submit']")).click();
        await(driver).until(d -> d.getCurrentUrl().startsWith(base) && text(d, "#who").contains(user));
    }

    /** The id of the signed-in person or guest, as the page knows it. */
    public static String playerId(WebDriver driver) {
        return attribute(driver, "#who", "data-player-id");
    }

    // --- screenshots ----------------------------------------------------------------------------------

    /** A screenshot to target/screenshots/{name}. */
    public void shoot(WebDriver driver, String name) {
        shootTo(driver, screenshots.resolve(name));
    }

    /** A screenshot to a given path (e.g. ../docs/game.png for the documentation). */
    public void shootTo(WebDriver driver, Path path) {
        try {
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            Files.copy(shot.toPath(), path, StandardCopyOption.REPLACE_EXISTING);
        } catch (Exception e) {
            System.err.println("screenshot " + path + " failed: " + e);
        }
    }

    /** What a failing test prints: where the browser was and the last message it showed. */
    public void describeFailure(WebDriver driver, String name) {
        try {
            System.err.println(name + " at " + driver.getCurrentUrl() + ", last message: "
                    + ((JavascriptExecutor) driver).executeScript("var t = document.getElementById('toast'); return t ? t.textContent : ''"));
        } catch (RuntimeException e) {
            System.err.println(name + ": " + e);
        }
        shoot(driver, "failure-" + name + ".png");
    }

    // --- waiting and reading the page ---------------------------------------------------------------

    /** Waits for a condition with a deadline (30 s), polling every 100 ms. */
    public static WebDriverWait await(WebDriver driver) {
        return await(driver, WAIT);
    }

    public static WebDriverWait await(WebDriver driver, Duration timeout) {
        WebDriverWait wait = new WebDriverWait(driver, timeout);
        wait.pollingEvery(Duration.ofMillis(100));
        return wait;
    }

    /** The first element matching {@code css} when it is displayed, else null (for await). */
    public static WebElement visible(WebDriver driver, String css) {
        for (WebElement found : driver.findElements(By.cssSelector(css))) {
            if (found.isDisplayed()) {
                return found;
            }
        }
        return null;
    }

    public static boolean shown(WebDriver driver, String css) {
        return visible(driver, css) != null;
    }

    public static String text(WebDriver driver, String css) {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return found.isEmpty() ? "" : found.get(0).getText().trim();
    }

    public static String attribute(WebDriver driver, String css, String name) {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return found.isEmpty() ? null : found.get(0).getDomAttribute(name);
    }

    public static Object script(WebDriver driver, String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    // --- internals ----------------------------------------------------------------------------------

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

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
