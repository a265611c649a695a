package club.pente.gateway.web;

import club.pente.testinfra.DemoTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;

import static club.pente.gateway.web.BrowserPlatform.attribute;
import static club.pente.gateway.web.BrowserPlatform.await;
import static club.pente.gateway.web.BrowserPlatform.script;
import static club.pente.gateway.web.BrowserPlatform.shown;
import static club.pente.gateway.web.BrowserPlatform.text;
import static club.pente.gateway.web.BrowserPlatform.visible;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The game page in a real browser against the whole platform ({@link BrowserPlatform}). A guest plays the
 * computer by clicking the board; a second browser (phone-sized) watches the same game live, drops its
 * socket once and resumes without losing or repeating a move. Screenshots go to target/screenshots.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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
    @Order(1)
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
    @Order(0)
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

    // --- at the table: alice and bob, signed in through Keycloak, with a guest watching -----------------

    /**
     * One casual 5+5 game, alice White and bob Black, a guest watching on a phone: the time control written
     * as the lobby writes it, the abort button before two plies, both chats (each unseen by the other
     * audience), feedback on an occupied point, a takeback restored for all three, a draw offer withdrawn by a
     * move, tria and tessera tags, the winning five marked, "you won"/"you lost", the same final clocks for
     * everyone and the server, then the replay: SVG buttons with labels, arrow keys, Home/End, the current
     * move marked, per-move announcements and clocks, and the chat history.
     */
    @Test
    @Order(2)
    void aliceAndBobPlayWhileAGuestWatches() throws Exception {
        WebDriver alice = alice();
        WebDriver bob = bob();
        WebDriver guest = platform.phone("en");
        try {
            String gameId = casualGame();
            platform.continueAsGuest(guest, "Watcher");
            for (WebDriver d : List.of(alice, bob, guest)) {
                d.get(platform.base() + "/#/game/" + gameId);
            }
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> x.findElements(By.cssSelector("#board [data-stone]")).size() == 361
                        && "open".equals(attribute(x, "#conn-status", "data-state")));
            }
            await(alice).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            // Defect 7: the game page writes the time control as the lobby does.
            assertThat(text(alice, "#game-meta")).contains("5+5").doesNotContain("300");
            // Abort while fewer than two plies: for the players only.
            assertThat(shown(alice, "#abort")).isTrue();
            assertThat(shown(guest, "#abort")).isFalse();

            // The players' chat reaches the opponent, never the spectators; the spectators' chat the reverse.
            say(alice, "hello bob");
            await(bob).until(d -> chat(d).contains("hello bob"));
            awaitSameVersion(guest, bob);
            assertThat(chat(guest)).doesNotContain("hello bob");
            assertThat(text(guest, "#chat-title")).isEqualTo("Spectators' chat");
            assertThat(text(bob, "#chat-title")).isEqualTo("Players' chat");
            say(guest, "hi watchers");
            await(guest).until(d -> chat(d).contains("hi watchers"));
            awaitSameVersion(alice, guest);
            awaitSameVersion(bob, guest);
            assertThat(chat(alice)).doesNotContain("hi watchers");
            assertThat(chat(bob)).doesNotContain("hi watchers");
            // A moderator removes a message: it disappears for everyone who saw it.
            say(alice, "oops, wrong window");
            await(bob).until(d -> chat(d).contains("oops, wrong window"));
            String removed = attribute(bob, "#chat-messages li:last-child", "data-id");
            // (On the game service's own edge: the gateway's proxy forwards a DELETE without its body.)
            delete("http://127.0.0.1:" + BrowserPlatform.GAME_PORT + "/api/games/" + gameId + "/chat/" + removed,
                    DemoTokens.accessToken("admin", "admin"), "{\"reason\":\"test\"}");
            for (WebDriver d : List.of(alice, bob)) {
                await(d).until(x -> !chat(x).contains("oops, wrong window") && chat(x).contains("hello bob"));
            }

            play(alice, "K10", 1);
            play(bob, "A19", 2);
            play(alice, "K4", 3);
            play(bob, "C19", 4);
            play(alice, "K5", 5);
            play(bob, "E19", 6);
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> moves(x).size() == 6);
            }

            // A takeback in a casual game: bob asks, alice accepts, E19 is gone for all three, bob moves again.
            click(bob, "#offer-takeback");
            await(alice).until(d -> "TAKEBACK".equals(attribute(d, "#offer", "data-kind")) && shown(d, "#offer-accept"));
            await(guest).until(d -> shown(d, "#offer"));
            assertThat(shown(guest, "#offer-accept")).isFalse();
            click(alice, "#offer-accept");
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> moves(x).size() == 5 && "".equals(point(x, "E19").getDomAttribute("data-stone"))
                        && !shown(x, "#offer"));
            }
            await(bob).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            play(bob, "G19", 6);

            // Defect 7: a click on a taken point shows that it is taken (the old page did nothing).
            await(alice).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            point(alice, "K10").click();
            await(alice).until(d -> "K10".equals(attribute(d, "#board", "data-refused")));
            assertThat(text(alice, "#toast")).contains("taken");
            assertThat(moves(alice)).hasSize(6);

            play(alice, "K6", 7); // K4-K5-K6: a tria
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> "TRIA".equals(attribute(x, "#move-list li[data-ply='7']", "data-ann"))
                        && "TRIA".equals(attribute(x, "#announcement", "data-announcement")));
            }
            play(bob, "J19", 8);

            // A draw offer, withdrawn by the next move.
            await(alice).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            click(alice, "#offer-draw");
            await(bob).until(d -> "DRAW".equals(attribute(d, "#offer", "data-kind")) && shown(d, "#offer-accept"));
            await(guest).until(d -> "DRAW".equals(attribute(d, "#offer", "data-kind")));
            assertThat(attribute(alice, "#offer", "data-from")).isEqualTo("me");
            play(alice, "K7", 9); // a tessera, and the offer is withdrawn
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> !shown(x, "#offer") && "TESSERA".equals(attribute(x, "#move-list li[data-ply='9']", "data-ann")));
            }
            play(bob, "N19", 10);
            play(alice, "K8", 11); // five in a row

            List<String> five = List.of("K4", "K5", "K6", "K7", "K8");
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> "WHITE_WINS".equals(attribute(x, "#result", "data-status")));
                // Defect 7: the winning five is marked on every board.
                await(d).until(x -> five.equals(List.of(attribute(x, "#board", "data-win").split(","))));
                assertThat(d.findElements(By.cssSelector("#board .win-mark"))).hasSize(5);
            }
            // Defect 7: the banner speaks to each player.
            assertThat(attribute(alice, "#result", "data-outcome")).isEqualTo("won");
            assertThat(text(alice, "#result")).startsWith("You won");
            assertThat(attribute(bob, "#result", "data-outcome")).isEqualTo("lost");
            assertThat(text(bob, "#result")).startsWith("You lost");
            assertThat(text(guest, "#result")).startsWith("White wins");

            // Defect 5: the clocks at the end are the server's, for the players and the spectator alike.
            JsonNode finalView = get("/api/games/" + gameId);
            String whiteFinal = formatClock(finalView.path("clocks").path("whiteMillis").asLong());
            String blackFinal = formatClock(finalView.path("clocks").path("blackMillis").asLong());
            for (WebDriver d : List.of(alice, bob, guest)) {
                await(d).until(x -> text(x, "#clock-white").equals(whiteFinal) && text(x, "#clock-black").equals(blackFinal));
            }
            platform.shootTo(alice, Path.of("../docs/game.png"));
            platform.shoot(bob, "game-bob-lost.png");
            platform.shootTo(guest, Path.of("../docs/game-phone.png"));

            // Replay on the finished page, from the keyboard (defect 7) ...
            for (String button : List.of("#replay-first", "#replay-prev", "#replay-next", "#replay-last")) {
                assertThat(alice.findElements(By.cssSelector(button + " svg"))).as(button).hasSize(1);
                assertThat(attribute(alice, button, "aria-label")).as(button).isNotBlank();
            }
            keys(alice, Keys.HOME);
            await(alice).until(d -> text(d, "#replay-position").equals("Move 0 of 11"));
            keys(alice, Keys.ARROW_RIGHT);
            await(alice).until(d -> text(d, "#replay-position").equals("Move 1 of 11"));
            assertThat(attribute(alice, "#move-list li[data-ply='1']", "aria-current")).isEqualTo("step");
            assertThat(alice.findElements(By.cssSelector("#move-list li[aria-current]"))).hasSize(1);
            // ... defect 6: no tessera left over from the live game at a ply without one ...
            assertThat(text(alice, "#announcement")).isEmpty();
            // ... defect 5: the clocks right after move 1, as the server recorded them.
            JsonNode first = finalView.path("moves").get(0);
            assertThat(text(alice, "#clock-white")).isEqualTo(formatClock(first.path("whiteMillis").asLong()));
            assertThat(text(alice, "#clock-black")).isEqualTo(formatClock(first.path("blackMillis").asLong()));
            for (int i = 1; i < 7; i++) {
                keys(alice, Keys.ARROW_RIGHT);
            }
            await(alice).until(d -> text(d, "#replay-position").equals("Move 7 of 11"));
            assertThat(attribute(alice, "#announcement", "data-announcement")).isEqualTo("TRIA");
            assertThat(attribute(alice, "#move-list li[data-ply='7']", "aria-current")).isEqualTo("step");
            keys(alice, Keys.ARROW_RIGHT);
            await(alice).until(d -> text(d, "#replay-position").equals("Move 8 of 11"));
            assertThat(text(alice, "#announcement")).isEmpty();
            keys(alice, Keys.END);
            await(alice).until(d -> text(d, "#replay-position").equals("Move 11 of 11"));
            assertThat(attribute(alice, "#board", "data-win")).isEqualTo(String.join(",", five));

            // Reloaded, and as a replay from the first move: the tags, the clocks and the spectators' chat stay.
            guest.get(platform.base() + "/#/replay/" + gameId);
            guest.navigate().refresh();
            await(guest).until(d -> moves(d).size() == 11 && text(d, "#replay-position").equals("Move 0 of 11"));
            assertThat(attribute(guest, "#move-list li[data-ply='7']", "data-ann")).isEqualTo("TRIA");
            assertThat(attribute(guest, "#move-list li[data-ply='9']", "data-ann")).isEqualTo("TESSERA");
            assertThat(guest.findElements(By.cssSelector("#board .stone"))).isEmpty();
            await(guest).until(d -> chat(d).contains("hi watchers"));
            assertThat(chat(guest)).doesNotContain("hello bob");
            keys(guest, Keys.END);
            await(guest).until(d -> text(d, "#replay-position").equals("Move 11 of 11"));
            assertThat(text(guest, "#clock-white")).isEqualTo(whiteFinal);
            assertThat(text(guest, "#clock-black")).isEqualTo(blackFinal);
            alice.navigate().refresh();
            await(alice).until(d -> moves(d).size() == 11 && chat(d).contains("hello bob"));
            assertThat(attribute(alice, "#move-list li[data-ply='9']", "data-ann")).isEqualTo("TESSERA");
            assertThat(text(alice, "#clock-white")).isEqualTo(whiteFinal);
            keys(alice, Keys.HOME);
            for (int i = 0; i < 5; i++) {
                keys(alice, Keys.ARROW_RIGHT);
            }
            await(alice).until(d -> text(d, "#replay-position").equals("Move 5 of 11"));
            platform.shootTo(alice, Path.of("../docs/game-replay.png"));
            finishedGame = gameId;
        } catch (Throwable failure) {
            platform.describeFailure(alice, "alice");
            platform.describeFailure(bob, "bob");
            platform.describeFailure(guest, "guest");
            throw failure;
        } finally {
            platform.quit(guest);
        }
    }

    /**
     * A draw offered and accepted: both players and the spectator see DRAW by agreement. On the way: a
     * move confirmed by a second tap (the ghost stone first), a move from the keyboard, and the chat's and
     * sound's mute toggles remembered over a reload.
     */
    @Test
    @Order(3)
    void aDrawOfferAcceptedEndsTheGameForEveryone() throws Exception {
        WebDriver alice = alice();
        WebDriver bob = bob();
        WebDriver watcher = platform.desktop();
        try {
            String gameId = casualGame();
            for (WebDriver d : List.of(alice, bob, watcher)) {
                d.get(platform.base() + "/#/game/" + gameId);
            }
            await(alice).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));

            // Move confirmation (phones): the first tap shows a ghost stone, the second plays it.
            WebElement confirm = alice.findElement(By.id("confirm-moves"));
            if (!confirm.isSelected()) {
                confirm.click();
            }
            point(alice, "K10").click();
            await(alice).until(d -> "K10".equals(attribute(d, "#ghost-stone", "data-point")));
            assertThat(moves(alice)).isEmpty();
            point(alice, "K10").click();
            await(alice).until(d -> moves(d).size() == 1);
            alice.findElement(By.id("confirm-moves")).click(); // off again: remembered for later games

            // Keyboard play: the cursor starts on the last move, arrows move it, Enter places the stone.
            await(bob).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            script(bob, "document.getElementById('board').focus()");
            keys(bob, Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_RIGHT);
            await(bob).until(d -> "L12".equals(attribute(d, "#board", "data-cursor")));
            keys(bob, Keys.ENTER);
            await(bob).until(d -> moves(d).equals(List.of("K10", "L12")));

            // The chat muted and sound off, remembered over a reload.
            click(bob, "#chat-mute");
            click(bob, "#sound-toggle");
            bob.navigate().refresh();
            await(bob).until(d -> moves(d).size() == 2);
            assertThat(attribute(bob, "#chat-mute", "aria-pressed")).isEqualTo("true");
            assertThat(shown(bob, "#chat-messages")).isFalse();
            assertThat(attribute(bob, "#sound-toggle", "aria-pressed")).isEqualTo("false");
            click(bob, "#chat-mute");
            click(bob, "#sound-toggle");

            await(alice).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            click(alice, "#offer-draw");
            await(bob).until(d -> shown(d, "#offer-accept"));
            await(watcher).until(d -> "DRAW".equals(attribute(d, "#offer", "data-kind")));
            click(bob, "#offer-accept");
            for (WebDriver d : List.of(alice, bob, watcher)) {
                await(d).until(x -> "DRAW".equals(attribute(x, "#result", "data-status"))
                        && "AGREEMENT".equals(attribute(x, "#result", "data-reason")));
                assertThat(text(d, "#result")).isEqualTo("Draw — by agreement");
            }
            assertThat(get("/api/games/" + gameId).path("reason").asText()).isEqualTo("AGREEMENT");
        } catch (Throwable failure) {
            platform.describeFailure(alice, "alice");
            platform.describeFailure(bob, "bob");
            platform.describeFailure(watcher, "watcher");
            throw failure;
        } finally {
            platform.quit(watcher);
        }
    }

    /**
     * Defect 2: a game accepted while the game service is down is waited for ("waiting for the game to
     * start"), and plays once the service is back; the old page gave up with "There is no such game.".
     */
    @Test
    @Order(4)
    void anAcceptedGameIsWaitedForWhileTheGameServiceRestarts() throws Exception {
        WebDriver alice = alice();
        WebDriver bob = bob();
        try {
            platform.kill("game");
            String gameId;
            try {
                gameId = casualGame();
                bob.get(platform.base() + "/#/game/" + gameId);
                await(bob).until(d -> "waiting".equals(attribute(d, "#conn-status", "data-state")));
                assertThat(text(bob, "#conn-status")).isEqualTo("Waiting for the game to start…");
            } finally {
                platform.restart("game");
            }
            alice.get(platform.base() + "/#/game/" + gameId);
            await(bob, Duration.ofSeconds(90)).until(d -> "open".equals(attribute(d, "#conn-status", "data-state"))
                    && d.findElements(By.cssSelector("#board [data-stone]")).size() == 361);
            play(alice, "K10", 1);
            await(bob).until(d -> moves(d).equals(List.of("K10")));
            click(alice, "#abort");
            await(bob).until(d -> "ABORTED".equals(attribute(d, "#result", "data-reason")));
        } catch (Throwable failure) {
            platform.describeFailure(alice, "alice");
            platform.describeFailure(bob, "bob");
            throw failure;
        }
    }

    /** The phone layout in French and Russian: nothing wider than the screen, the page translated. */
    @Test
    @Order(5)
    void thePhoneLayoutInFrenchAndRussian() throws Exception {
        String gameId = finishedGame != null ? finishedGame : casualGameFinishedByAbort();
        for (String language : List.of("fr", "ru")) {
            WebDriver phone = platform.phone(language);
            try {
                phone.get(platform.base() + "/#/game/" + gameId);
                await(phone).until(d -> shown(d, "#result") && shown(d, "#chat-title"));
                String title = language.equals("fr") ? "Discussion des spectateurs" : "Чат зрителей";
                await(phone).until(d -> text(d, "#chat-title").equals(title));
                Number overflow = (Number) script(phone, "return document.documentElement.scrollWidth - window.innerWidth");
                assertThat(overflow.intValue()).as("horizontal overflow in %s", language).isLessThanOrEqualTo(0);
                Number boardRight = (Number) script(phone, "return document.getElementById('board').getBoundingClientRect().right");
                assertThat(boardRight.doubleValue()).isLessThanOrEqualTo(BrowserPlatform.PHONE.width());
                assertThat(((Number) script(phone, "return innerWidth")).intValue()).isEqualTo(BrowserPlatform.PHONE.width());
                platform.shootTo(phone, Path.of("../docs/game-phone-" + language + ".png"));
            } catch (Throwable failure) {
                platform.describeFailure(phone, "phone-" + language);
                throw failure;
            } finally {
                platform.quit(phone);
            }
        }
    }

    /**
     * Abandonment: bob's browser closes on his move; alice sees him disconnected with a countdown, then a
     * "claim the win" button; the claim ends the game ABANDONMENT for her and for a spectator.
     */
    @Test
    @Order(9)
    void theOpponentsBrowserClosesAndTheWinIsClaimed() throws Exception {
        WebDriver alice = alice();
        WebDriver bob = bob();
        WebDriver watcher = platform.desktop();
        try {
            String gameId = casualGame();
            for (WebDriver d : List.of(alice, bob, watcher)) {
                d.get(platform.base() + "/#/game/" + gameId);
            }
            play(alice, "K10", 1);
            play(bob, "A19", 2);
            play(alice, "K4", 3);
            await(bob).until(d -> "me".equals(attribute(d, "#turn", "data-turn")));
            platform.quit(bob);
            bobBrowser = null;
            await(alice).until(d -> shown(d, "#presence") && "BLACK".equals(attribute(d, "#presence", "data-absent")));
            assertThat(shown(alice, "#claim-win")).isFalse();
            await(watcher).until(d -> shown(d, "#away-black"));
            await(alice, Duration.ofSeconds(BrowserPlatform.ABANDONMENT_SECONDS + 30)).until(d -> shown(d, "#claim-win"));
            click(alice, "#claim-win");
            for (WebDriver d : List.of(alice, watcher)) {
                await(d).until(x -> "WHITE_WINS".equals(attribute(x, "#result", "data-status"))
                        && "ABANDONMENT".equals(attribute(x, "#result", "data-reason")));
            }
            assertThat(attribute(alice, "#result", "data-outcome")).isEqualTo("won");
        } catch (Throwable failure) {
            platform.describeFailure(alice, "alice");
            platform.describeFailure(watcher, "watcher");
            throw failure;
        } finally {
            platform.quit(watcher);
        }
    }

    // --- table helpers ----------------------------------------------------------------------------------

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static WebDriver aliceBrowser;
    private static WebDriver bobBrowser;
    private static String finishedGame;

    private static WebDriver alice() throws Exception {
        if (aliceBrowser == null) {
            aliceBrowser = platform.desktop();
            platform.signIn(aliceBrowser, "alice", "alice");
        }
        return aliceBrowser;
    }

    private static WebDriver bob() throws Exception {
        if (bobBrowser == null) {
            bobBrowser = platform.desktop();
            platform.signIn(bobBrowser, "bob", "bob");
        }
        return bobBrowser;
    }

    /** A casual 5+5 invitation from alice (White), accepted by bob: the game's id. */
    private static String casualGame() throws Exception {
        String aliceToken = DemoTokens.accessToken("alice", "alice");
        String bobToken = DemoTokens.accessToken("bob", "bob");
        JsonNode invitation = post("/api/matchmaking/invitations", aliceToken,
                "{\"mode\":\"CASUAL\",\"timeControl\":\"5+5\",\"color\":\"WHITE\"}");
        JsonNode accepted = post("/api/matchmaking/invitations/" + invitation.path("code").asText() + "/accept", bobToken, "{}");
        String gameId = accepted.path("gameId").asText();
        assertThat(gameId).isNotBlank();
        return gameId;
    }

    private static String casualGameFinishedByAbort() throws Exception {
        String gameId = casualGame();
        WebDriver alice = alice();
        alice.get(platform.base() + "/#/game/" + gameId);
        click(alice, "#abort");
        await(alice).until(d -> shown(d, "#result"));
        return gameId;
    }

    private static JsonNode post(String path, String token, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(platform.base() + path))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("POST %s: %s", path, response.body()).isBetween(200, 299);
        return JSON.readTree(response.body());
    }

    private static void delete(String url, String token, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .method("DELETE", HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("DELETE %s: %s", url, response.body()).isBetween(200, 299);
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(platform.base() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** Plays `point` as the `ply`-th move, once it is this browser's turn; returns when the move is on its list. */
    private static void play(WebDriver driver, String point, int ply) {
        await(driver).until(d -> "me".equals(attribute(d, "#turn", "data-turn")) && moves(d).size() == ply - 1);
        point(driver, point).click();
        await(driver).until(d -> moves(d).size() == ply && point.equals(moves(d).get(ply - 1)));
    }

    /** Keys to whatever has the focus, as a person typing. */
    private static void keys(WebDriver driver, CharSequence... keys) {
        new Actions(driver).sendKeys(keys).perform();
    }

    private static void click(WebDriver driver, String css) {
        await(driver).until(d -> visible(d, css)).click();
    }

    private static void say(WebDriver driver, String text) {
        WebElement input = await(driver).until(d -> {
            WebElement field = visible(d, "#chat-input");
            return field != null && field.isEnabled() ? field : null;
        });
        input.sendKeys(text);
        input.sendKeys(Keys.ENTER);
    }

    /** The chat messages shown, read in one go (the list is redrawn while messages come). */
    @SuppressWarnings("unchecked")
    private static List<String> chat(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#chat-messages li .text')].map(e => e.textContent)");
    }

    /** Waits until `driver` has applied every version `reference` has (so a message it lacks never came). */
    private static void awaitSameVersion(WebDriver driver, WebDriver reference) {
        long version = ((Number) script(reference, "return window.pente.game.version()")).longValue();
        await(driver).until(d -> ((Number) script(d, "return window.pente.game.version()")).longValue() >= version);
    }

    /** The page's clock format: m:ss, rounded up to the second. */
    private static String formatClock(long millis) {
        long total = Math.max(0, (millis + 999) / 1000);
        long h = total / 3600;
        long m = (total % 3600) / 60;
        long s = total % 60;
        return (h > 0 ? h + ":" + String.format("%02d", m) : String.valueOf(m)) + ":" + String.format("%02d", s);
    }

    // --- helpers ------------------------------------------------------------------------------------

    private static int count(WebDriver driver, String css) {
        String value = attribute(driver, css, "data-count");
        return value == null || value.isEmpty() ? -1 : Integer.parseInt(value);
    }

    private static WebElement point(WebDriver driver, String point) {
        return driver.findElement(By.cssSelector("[data-point='" + point + "'].pt"));
    }

    /** The move list's points, read in one go (a takeback or a snapshot redraws it). */
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
