package club.pente.gateway.web;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web client's static files, checked without a browser: every language has every string, every
 * string the pages ask for exists, and the pages only load files that are there.
 */
class WebClientFilesTest {
    private static final Path ROOT = Path.of("src/main/resources/META-INF/resources");
    private static final List<String> LANGUAGES = List.of("en", "fr", "ru", "nl", "tr");
    private static final Pattern KEY = Pattern.compile("^\\s*'([\\w.]+)':", Pattern.MULTILINE);

    private static Map<String, Set<String>> dictionaries() throws IOException {
        String source = Files.readString(ROOT.resolve("js/i18n.js"));
        Map<String, Set<String>> keys = new LinkedHashMap<>();
        for (String language : LANGUAGES) {
            int start = source.indexOf("const " + language + " = {");
            assertThat(start).as("dictionary %s", language).isGreaterThanOrEqualTo(0);
            int end = source.indexOf("\n};", start);
            Set<String> found = new LinkedHashSet<>();
            Matcher m = KEY.matcher(source.substring(start, end));
            while (m.find()) {
                assertThat(found.add(m.group(1))).as("%s has %s once", language, m.group(1)).isTrue();
            }
            keys.put(language, found);
        }
        return keys;
    }

    @Test
    void everyLanguageHasEveryString() throws IOException {
        Map<String, Set<String>> keys = dictionaries();
        Set<String> english = keys.get("en");
        assertThat(english).hasSizeGreaterThan(100);
        for (String language : LANGUAGES) {
            assertThat(new TreeSet<>(keys.get(language))).as("strings in %s", language).isEqualTo(new TreeSet<>(english));
        }
    }

    @Test
    void everyStringThePagesAskForExists() throws IOException {
        Set<String> english = dictionaries().get("en");
        Pattern used = Pattern.compile("(?:\\bt|\\btr)\\('([\\w]+\\.[\\w]+)'|data-i18n(?:-placeholder|-title)?[\"']?\\s*[:=]\\s*[\"']([\\w]+\\.[\\w]+)[\"']");
        Set<String> missing = new TreeSet<>();
        for (Path file : webFiles()) {
            Matcher m = used.matcher(Files.readString(file));
            while (m.find()) {
                String key = m.group(1) != null ? m.group(1) : m.group(2);
                if (!english.contains(key)) {
                    missing.add(ROOT.relativize(file) + ": " + key);
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void modulesImportOnlyFilesThatExist() throws IOException {
        Pattern imports = Pattern.compile("(?:from|import)\\s+'(\\./[\\w.-]+\\.js)'");
        for (Path file : webFiles()) {
            Matcher m = imports.matcher(Files.readString(file));
            while (m.find()) {
                assertThat(file.resolveSibling(m.group(1)).normalize()).as("%s imports %s", file, m.group(1)).isRegularFile();
            }
        }
        String index = Files.readString(ROOT.resolve("index.html"));
        assertThat(index).contains("src=\"/js/main.js\"").contains("href=\"/app.css\"");
        assertThat(ROOT.resolve("js/main.js")).isRegularFile();
        assertThat(ROOT.resolve("app.css")).isRegularFile();
    }

    @Test
    void socketFramesAreBuiltOnlyInTheProtocolModule() throws IOException {
        Pattern frame = Pattern.compile("type:\\s*'(auth|ping|move|resign|offer|answer|abort|claim|chat)'");
        for (Path file : webFiles()) {
            if (!file.endsWith("protocol.js")) {
                assertThat(frame.matcher(Files.readString(file)).find()).as("%s builds a socket frame", ROOT.relativize(file)).isFalse();
            }
        }
        assertThat(Files.readString(ROOT.resolve("js/protocol.js"))).contains("type: 'move'").contains("type: 'auth'")
                .contains("type: 'offer'").contains("type: 'answer'").contains("type: 'claim'").contains("type: 'chat'");
    }

    @Test
    void theClientHasNoCopyOfTheOpeningRulesOrThePresets() throws IOException {
        // The server answers both (GET /api/config rules, matchmaking's presets); the board only draws K10's star point.
        Pattern preset = Pattern.compile("'\\d+\\+\\d+'");
        for (Path file : webFiles()) {
            String source = Files.readString(file);
            assertThat(preset.matcher(source).find()).as("%s lists a time-control preset", ROOT.relativize(file)).isFalse();
            if (!file.endsWith("board.js")) {
                assertThat(source).as("%s knows the centre rule", ROOT.relativize(file)).doesNotContain("'K10'");
            }
        }
    }

    @Test
    void everyRefusalOfTheStaffApiIsSaidInEveryLanguage() throws IOException {
        // The codes the staff endpoints and the sanctions answer (ApiError "error", MoveRejected reasons): a page
        // shows each in the reader's language rather than the server's English message.
        List<String> codes = List.of("STAFF_ONLY", "ADMIN_ONLY", "UNAUTHENTICATED", "SUSPENDED", "MUTED", "NOT_FINISHED",
                "ALREADY_ANNULLED", "GAME_OVER", "UNKNOWN_GAME", "UNKNOWN_MESSAGE", "NOT_SUSPENDED", "NOT_MUTED",
                "MISSING_REASON", "BAD_REASON", "MISSING_BODY", "BAD_MINUTES", "BAD_PLAYER_ID", "BAD_GAME_ID", "BAD_QUERY",
                "BAD_ACTOR", "BAD_ACTION", "BAD_TARGET", "BAD_TIME", "BAD_LIMIT");
        Map<String, Set<String>> keys = dictionaries();
        for (String language : LANGUAGES) {
            for (String code : codes) {
                assertThat(keys.get(language)).as("%s says error.%s", language, code).contains("error." + code);
            }
            for (String reason : List.of("SUSPENDED", "MUTED", "NOT_FINISHED", "ALREADY_ANNULLED")) {
                assertThat(keys.get(language)).as("%s says reject.%s", language, reason).contains("reject." + reason);
            }
            assertThat(keys.get(language)).as("%s names the forfeit ending", language).contains("reason.FORFEIT");
        }
    }

    @Test
    void theSelectorsTheStaffBrowserTestsUseAreThere() throws IOException {
        // The data-testid values the browser tests find the staff controls by (a trailing '-' is a prefix an id
        // completes): renaming one here breaks them there.
        String client = Files.readString(ROOT.resolve("index.html")) + Files.readString(ROOT.resolve("js/staff.js"))
                + Files.readString(ROOT.resolve("js/game-view.js")) + Files.readString(ROOT.resolve("js/lobby.js"));
        for (String testid : List.of("staff-link", "staff-games", "staff-game-row-", "staff-abort-", "staff-open-", "staff-reason",
                "staff-confirm", "staff-cancel", "staff-dialog", "staff-dialog-error", "staff-message", "staff-audit", "audit-row",
                "audit-apply", "game-end-note", "game-annulled", "staff-abort-game", "chat-remove-", "staff-player-search",
                "staff-player-row-", "staff-suspend", "staff-lift-suspension", "staff-mute", "staff-lift-mute", "staff-sanctions",
                "staff-minutes", "staff-until-lifted", "staff-forfeit", "staff-annul-game", "staff-annul-reason",
                "staff-annul-confirm", "suspension-banner", "staff-nav-audit", "staff-nav-operations", "ops-services")) {
            assertThat(client).as("data-testid %s", testid).containsAnyOf("'" + testid + "'", "\"" + testid + "\"", "`" + testid + "${");
        }
    }

    @Test
    void theIdsTheReviewBrowserTestUsesAreThere() throws IOException {
        // ReviewBrowserIT finds the review, the hint and the levels by these ids: renaming one here breaks it there.
        String client = Files.readString(ROOT.resolve("js/review.js")) + Files.readString(ROOT.resolve("js/eval-graph.js"))
                + Files.readString(ROOT.resolve("js/hint.js")) + Files.readString(ROOT.resolve("js/board.js"))
                + Files.readString(ROOT.resolve("js/lobby.js")) + Files.readString(ROOT.resolve("js/game-view.js"));
        for (String id : List.of("review-button", "review-status", "review-results", "review-summary", "review-best-text",
                "review-show-best", "eval-graph", "review-best", "hint-mark", "hint-button", "hint-note", "ai-level", "ai-level-note",
                "review-mark")) {
            assertThat(client).as("id %s", id).containsAnyOf("'" + id + "'", "\"" + id + "\"");
        }
    }

    private static List<Path> webFiles() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".js") || p.toString().endsWith(".html")).toList();
        }
    }
}
