package club.pente.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates hostile HTTP requests from a seed: hostile ids in every path the platform serves, traversal
 * paths, forged and foreign tokens, malformed and wrong-typed bodies, oversize bodies, wrong methods and
 * content types, other players' moves and stale plies. Every request is built so that none of them may
 * change anything; only those marked {@code mayHaveSucceeded} (reads of public resources, the replay of
 * an already applied command) may answer 2xx.
 */
final class HostileRequests {
    record Request(String method, String path, String token, String contentType, String body, boolean mayHaveSucceeded) {
        String describe() {
            String shownBody = body == null ? "" : " body=" + (body.length() > 120 ? body.substring(0, 120) + "...(" + body.length() + ")" : body);
            return method + " " + (path.length() > 160 ? path.substring(0, 160) + "...(" + path.length() + ")" : path)
                    + " token=" + (token == null ? "none" : token.length() > 12 ? token.substring(0, 12) + "..." : token) + shownBody;
        }
    }

    /** The identities an attacker may hold or forge. */
    record Tokens(String alice, String bob, String admin, String mod, String guest, List<String> invalid, String expired) {
    }

    /** Percent-encoded path segments that are not ids. */
    static final List<String> BAD_IDS = List.of(
            "%00", "a%00b", "x".repeat(65), "y".repeat(3000), "%C3%A9t%C3%A9", "%F0%9F%98%80", "%27%20or%201%3D1--",
            "%3Cscript%3Ealert(1)%20%3C%2Fscript%3E", "%0d%0aSet-Cookie:%20x=y", "%ED%A0%80", "%FF%FE",
            "%20", "a%20b", "%22%3B%20drop%20table%20games%3B--", "%09", "%7F", "%C0%AE%C0%AE");

    static final List<String> TRAVERSALS = List.of(
            "/api/games/..;/..;/q/openapi", "/api/games/..;/..;/q/metrics", "/api/games/%2e%2e/%2e%2e/q/health",
            "/api/games/..%2f..%2fq%2fopenapi", "/api/%2e%2e/q/openapi", "/api/games/x/..;/..;/..;/q/metrics",
            "/api//games/..//q/health", "/api/games/%5c..%5cq%5copenapi", "/api/ratings/..;/..;/q/openapi",
            "/api/matchmaking/..;/..;/q/metrics", "/api/ai/..;/..;/q/health/ready", "/api/unknown/x", "/api/games;x=y",
            "/q/openapi", "/q/metrics", "/q/health", "/q/swagger-ui/", "/api/games/%2e%2e%2f%2e%2e%2fq%2fmetrics",
            "/api/games/.%2e/q/openapi", "/api/games/%252e%252e/q/openapi", "/api/guests/..;/..;/q/metrics");

    private static final List<String> ID_GETS = List.of(
            "/api/games/%s", "/api/games/%s/record", "/api/ratings/players/%s", "/api/ratings/players/%s/rating",
            "/api/matchmaking/seeks/%s", "/api/matchmaking/invitations/%s", "/api/matchmaking/matches/%s",
            "/api/ai/hints/%s", "/api/games/%s/hints", "/api/matchmaking/tournaments/%s");
    private static final List<String> ID_POSTS = List.of(
            "/api/games/%s/moves", "/api/games/%s/resign", "/api/games/%s/abort", "/api/matchmaking/seeks/%s/keepalive",
            "/api/matchmaking/invitations/%s/accept", "/api/matchmaking/games/%s/rematch", "/api/ai/hints/%s", "/api/games/%s/hints",
            "/api/matchmaking/tournaments/%s/join", "/api/matchmaking/tournaments/%s/cancel");
    private static final List<String> ID_DELETES = List.of("/api/matchmaking/seeks/%s", "/api/matchmaking/invitations/%s",
            "/api/matchmaking/tournaments/%s/join");
    private static final List<String> BODY_POSTS = List.of(
            "/api/matchmaking/seeks", "/api/matchmaking/invitations", "/api/matchmaking/ai-games", "/api/ai/analysis",
            "/api/ai/review", "/api/guests", "/api/matchmaking/tournaments");
    /** Queries no list endpoint accepts (issue 18's "my games"). */
    private static final List<String> BAD_LIST_QUERIES = List.of("/api/games/mine?limit=0", "/api/games/mine?limit=201",
            "/api/games/mine?limit=-1", "/api/games/mine?limit=abc", "/api/games/mine?limit=99999999999", "/api/games/mine?limit=%00",
            "/api/games/mine?limit=1.5");

    /** Strings no field accepts. */
    static final List<String> BAD_STRINGS = List.of(
            "\\u0000", "K10\\u0000", "x".repeat(70), "z".repeat(20_000), "\\ud800", "\\u202e\\u0000",
            "'; drop table games; --", "<img src=x onerror=alert(1)>", "../../../etc/passwd", "\\r\\nX-Injected: 1");

    /** Staff paths with a path id: games, then players (an account id goes in). */
    private static final List<String> STAFF_GAME_POSTS = List.of("/api/admin/games/%s/abort", "/api/admin/games/%s/annul");
    private static final List<String> STAFF_PLAYER_PATHS = List.of("/api/admin/players/%s/suspension", "/api/admin/players/%s/mute");
    /** Reasons no staff action takes, as JSON values. */
    private static final List<String> BAD_REASONS = List.of("null", "\"\"", "\"   \"", "7", "true", "[]", "{}", "\"" + "r".repeat(501) + "\"",
            "\"a\\u0000b\"", "\"line\\nbreak\"", "\"\\ud800\"", "\"\\u0007bell\"");
    private static final List<String> BAD_MINUTES = List.of("0", "-1", "525601", "99999999999", "\"60\"", "3.5", "true", "[]", "{}", "1e9");
    private static final List<String> BAD_AUDIT_QUERIES = List.of("limit=0", "limit=501", "limit=-1", "limit=abc", "limit=99999999999",
            "action=DROP_TABLE", "action=abort_game", "since=yesterday", "until=2026-13-45T99:00:00Z", "since=" + "9".repeat(60),
            "actor=%00", "target=" + "t".repeat(200), "game=%20", "actor=%0d%0aX-Injected:%201");

    private final Random random;
    private final String referenceGame;
    private final String aliceCommandId;
    private final Tokens tokens;

    HostileRequests(long seed, String referenceGame, String aliceCommandId, Tokens tokens) {
        this.random = new Random(seed);
        this.referenceGame = referenceGame;
        this.aliceCommandId = aliceCommandId;
        this.tokens = tokens;
    }

    /** The next request; {@code viaGateway} false gives only paths a service itself serves. */
    Request next(boolean viaGateway) {
        int pick = random.nextInt(100);
        if (pick < 8 && viaGateway) {
            return new Request("GET", pickOf(TRAVERSALS), anyToken(), null, null, false);
        }
        if (pick < 25) {
            return new Request("GET", String.format(pickOf(ID_GETS), pickOf(BAD_IDS)), anyToken(), null, null, false);
        }
        if (pick < 38) {
            return new Request("POST", String.format(pickOf(ID_POSTS), pickOf(BAD_IDS)), anyToken(), "application/json", hostileBody(), false);
        }
        if (pick < 43) {
            return new Request("DELETE", String.format(pickOf(ID_DELETES), pickOf(BAD_IDS)), anyToken(), null, null, false);
        }
        if (pick < 60) {
            return referenceGameAttack();
        }
        if (pick < 78) {
            String path = pickOf(BODY_POSTS);
            return new Request("POST", path, path.equals("/api/guests") ? null : pickOf(List.of(tokens.alice(), tokens.guest(), tokens.bob())),
                    "application/json", bodyFor(path), false);
        }
        if (pick < 84) {
            return new Request("POST", pickOf(BODY_POSTS), tokens.alice(), pickOf(List.of("text/plain", "application/xml", "application/x-www-form-urlencoded")),
                    "level=8&color=WHITE", false);
        }
        if (pick < 88) {
            return new Request(pickOf(List.of("PUT", "PATCH")), String.format(pickOf(ID_GETS), referenceGame), tokens.admin(),
                    "application/json", "{}", false);
        }
        if (pick < 92) {
            return new Request("POST", pickOf(BODY_POSTS), tokens.alice(), "application/json",
                    "{\"pad\":\"" + "p".repeat(100_000 + random.nextInt(200_000)) + "\"}", false);
        }
        if (pick < 94) {
            return staffAttack();
        }
        if (pick < 95) {
            // My games with a bad limit (400) or no token (401): a read, never a change.
            return new Request("GET", pickOf(BAD_LIST_QUERIES), random.nextInt(3) == 0 ? anyToken()
                    : pickOf(List.of(tokens.alice(), tokens.bob(), tokens.guest())), null, null, false);
        }
        if (pick < 96) {
            // Unknown but well-formed ids: reading a public resource that does not exist is fine either way.
            return new Request("GET", String.format(pickOf(ID_GETS), "no-such-" + random.nextInt(1_000_000)), anyToken(), null, null, true);
        }
        return new Request("POST", "/api/games/" + referenceGame + "/abort", pickOf(List.of(tokens.alice(), tokens.bob(), tokens.guest())),
                "application/json", "{\"reason\":\"because I can\"}", false);
    }

    /**
     * Staff endpoints: everyone who is not staff with a valid action (401/403), staff with a hostile id, body or
     * query (400), a moderator on admin-only actions (403), and actions the rules refuse (an annulment of a live game,
     * lifting a suspension that is not there: 409/404). None may change anything.
     */
    private Request staffAttack() {
        String alice = "9d8f2c1e-0000-4000-8000-000000000001"; // an account id, never suspended in this run
        String staff = pickOf(List.of(tokens.mod(), tokens.admin()));
        String notStaff = pickOf(List.of(tokens.alice(), tokens.bob(), tokens.guest(), tokens.expired(), pickOf(tokens.invalid())));
        switch (random.nextInt(13)) {
            case 0:
                return new Request("POST", String.format(pickOf(STAFF_GAME_POSTS), referenceGame), random.nextInt(5) == 0 ? null : notStaff,
                        "application/json", "{\"reason\":\"because I can\"}", false);
            case 1:
                return new Request("POST", String.format(pickOf(STAFF_PLAYER_PATHS), alice), random.nextInt(5) == 0 ? null : notStaff,
                        "application/json", "{\"reason\":\"because I can\",\"minutes\":60}", false);
            case 2:
                return new Request(pickOf(List.of("GET", "GET", "DELETE", "PUT")), pickOf(List.of("/api/admin/games", "/api/admin/audit",
                        "/api/admin/players?q=ali", "/api/admin/players/" + alice + "/sanctions", "/api/admin/status",
                        "/api/admin/operations")), random.nextInt(5) == 0 ? null : notStaff, null, null, false);
            case 3:
                return new Request("POST", String.format(pickOf(STAFF_GAME_POSTS), pickOf(BAD_IDS)), staff, "application/json",
                        "{\"reason\":\"hostile id\"}", false);
            case 4:
                return new Request("POST", String.format(pickOf(STAFF_GAME_POSTS), referenceGame), staff, "application/json",
                        pickOf(List.of("{\"reason\":" + pickOf(BAD_REASONS) + "}", "{}", "[]", "\"abort\"", "{\"reason\":", hostileBody())), false);
            case 5:
                // The reference game is live: an annulment is refused by the rules (409), or by the role (a moderator, 403).
                return new Request("POST", "/api/admin/games/" + referenceGame + "/annul", staff, "application/json",
                        "{\"reason\":\"not finished yet\"}", false);
            case 6:
                return new Request(pickOf(List.of("POST", "DELETE")), String.format(pickOf(STAFF_PLAYER_PATHS), pickOf(BAD_IDS)), staff,
                        "application/json", "{\"reason\":\"hostile id\",\"minutes\":5}", false);
            case 7:
                return new Request("POST", String.format(pickOf(STAFF_PLAYER_PATHS), pickOf(List.of(alice, "guest:" + alice, "ai:8"))),
                        staff, "application/json", pickOf(List.of("{\"reason\":\"r\",\"minutes\":" + pickOf(BAD_MINUTES) + "}",
                                "{\"reason\":" + pickOf(BAD_REASONS) + ",\"minutes\":5}",
                                hostileBody())), false);
            case 11:
                // forfeitLiveGames belongs to a suspension only (a mute ignores it like any unknown field).
                return new Request("POST", "/api/admin/players/" + alice + "/suspension", staff, "application/json",
                        "{\"reason\":\"r\",\"minutes\":5,\"forfeitLiveGames\":" + pickOf(List.of("\"yes\"", "1", "[]", "{}")) + "}", false);
            case 8:
                // A moderator beyond the moderator's limits: until lifted, more than 7 days, forfeiting live games.
                return new Request("POST", "/api/admin/players/" + alice + "/suspension", tokens.mod(), "application/json",
                        pickOf(List.of("{\"reason\":\"r\",\"minutes\":null}", "{\"reason\":\"r\"}", "{\"reason\":\"r\",\"minutes\":10081}",
                                "{\"reason\":\"r\",\"minutes\":60,\"forfeitLiveGames\":true}")), false);
            case 9:
                // Nothing to lift: alice is never suspended or muted in this run.
                return new Request("DELETE", String.format(pickOf(STAFF_PLAYER_PATHS), alice), staff, "application/json",
                        pickOf(List.of("{\"reason\":\"nothing to lift\"}", "{\"reason\":" + pickOf(BAD_REASONS) + "}", "{}")), false);
            case 10:
                // The live list takes only a limit (other parameters are ignored, as anywhere); the audit takes them all.
                return random.nextBoolean()
                        ? new Request("GET", "/api/admin/audit?" + pickOf(BAD_AUDIT_QUERIES), staff, null, null, false)
                        : new Request("GET", "/api/admin/games?" + pickOf(List.of("limit=0", "limit=1001", "limit=-1", "limit=abc",
                                "limit=99999999999", "limit=%00", "limit=1.5")), staff, null, null, false);
            default:
                return new Request("GET", "/api/admin/players?" + pickOf(List.of("q=", "q=" + "q".repeat(65), "q=%00", "q=a%0ab",
                        "q=ali&limit=0", "q=ali&limit=101", "q=ali&limit=x", "limit=5")), staff, null, null, false);
        }
    }

    /** Moves and resignations in the reference game that the rules or the identity checks must refuse. */
    private Request referenceGameAttack() {
        String path = "/api/games/" + referenceGame;
        int pick = random.nextInt(11);
        return switch (pick) {
            case 0 -> new Request("POST", path + "/moves", tokens.bob(), "application/json", "{\"point\":\"M12\"}", false); // not his turn
            case 1 -> new Request("POST", path + "/moves", tokens.guest(), "application/json", "{\"point\":\"A1\",\"expectedPly\":3}", false);
            case 2 -> new Request("POST", path + "/moves", tokens.alice(), "application/json", "{\"point\":\"A1\",\"expectedPly\":" + pickOf(List.of("1", "2", "4", "0", "-3", "99999999999", "\"3\"", "3.5", "null, \"expectedPly\": 1")) + "}", false);
            case 3 -> new Request("POST", path + "/moves", tokens.alice(), "application/json", "{\"point\":\"" + pickOf(List.of("K10", "L11", "Z99", "T20", "A0", "", "K", "10K")) + "\",\"expectedPly\":3}", false);
            case 4 -> new Request("POST", path + "/moves", tokens.alice(), "application/json", "{\"point\":\"" + pickOf(BAD_STRINGS) + "\",\"expectedPly\":3}", false);
            case 5 -> new Request("POST", path + "/moves", tokens.alice(), "application/json", "{\"point\":\"A1\",\"expectedPly\":3,\"commandId\":" + badJsonValue() + "}", false);
            case 6 -> new Request("POST", path + "/moves", tokens.alice(), "application/json", "{\"point\":\"M12\",\"expectedPly\":3,\"commandId\":\"" + aliceCommandId + "\"}", true); // a replay
            case 7 -> new Request("POST", path + "/resign", pickOf(tokens.invalid()), "application/json", "{}", false);
            case 8 -> new Request("POST", path + "/moves", pickOf(tokens.invalid()), "application/json", "{\"point\":\"A1\",\"expectedPly\":3}", false);
            // A hint in a game between people (403), by a stranger (403) or with a forged token (401): nothing is counted.
            case 9 -> new Request("POST", pickOf(List.of("/api/ai/hints/" + referenceGame, path + "/hints")),
                    pickOf(List.of(tokens.alice(), tokens.bob(), tokens.guest(), pickOf(tokens.invalid()))), "application/json", null,
                    false);
            default -> new Request("POST", path + "/resign", tokens.guest(), "application/json", "{}", false);
        };
    }

    /** A body for a create endpoint that is invalid whatever else it holds: the JSON, a type or a value is wrong. */
    private String bodyFor(String path) {
        if (random.nextInt(4) == 0 && !path.equals("/api/guests")) {
            return hostileBody();
        }
        return switch (path) {
            case "/api/matchmaking/seeks" -> switch (random.nextInt(3)) {
                case 0 -> "{\"mode\":" + badText(List.of("\"RANKEDX\"", "\"CASUALLY\"")) + ",\"timeControl\":\"10+5\"}";
                case 1 -> "{\"mode\":\"CASUAL\",\"timeControl\":" + badText(List.of("\"1+1000\"", "\"x\"", "\"-5+5\"", "\"99999999999+0\"",
                        "\"0d\"", "\"4d\"", "\"8d\"", "\"1d+5\"", "\"-1d\"", "\"99999999999d\"")) + "}";
                default -> "{\"mode\":\"CASUAL\",\"timeControl\":\"3d\",\"variant\":" + badText(List.of("\"RENJU\"", "\"keryo-pente\"")) + "}";
            };
            case "/api/matchmaking/tournaments" -> switch (random.nextInt(4)) {
                case 0 -> "{\"name\":" + badText(List.of("\"\"", "\"" + "n".repeat(61) + "\"")) + ",\"format\":\"SWISS\",\"rounds\":3,"
                        + "\"timeControl\":\"1d\"}";
                case 1 -> "{\"name\":\"Hostile\",\"format\":" + badText(List.of("\"KNOCKOUT\"", "\"swiss \"")) + ",\"rounds\":3,"
                        + "\"timeControl\":\"1d\"}";
                case 2 -> "{\"name\":\"Hostile\",\"format\":\"SWISS\",\"rounds\":" + pickOf(List.of("0", "21", "-1", "null", badCount()))
                        + ",\"timeControl\":" + pickOf(List.of("\"1d\"", "\"untimed\"", "\"0+0\"", "\"4d\"")) + "}";
                default -> "{\"name\":\"Hostile\",\"format\":\"ROUND_ROBIN\",\"timeControl\":\"1d\",\"startsAt\":"
                        + pickOf(List.of("\"yesterday\"", "\"2001-01-01T00:00:00Z\"", "\"2999-01-01T00:00:00Z\"", "7", "[]"))
                        + ",\"maxPlayers\":" + pickOf(List.of("1", "65", "16")) + "}";
            };
            case "/api/matchmaking/invitations" -> switch (random.nextInt(3)) {
                case 0 -> "{\"mode\":" + badText(List.of("\"RANKEDX\"")) + ",\"timeControl\":\"10+5\"}";
                case 1 -> "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"color\":" + badText(List.of("\"PURPLE\"")) + "}";
                default -> "{\"mode\":\"CASUAL\",\"timeControl\":\"10+5\",\"games\":" + badCount() + "}";
            };
            case "/api/matchmaking/ai-games" -> random.nextBoolean()
                    ? "{\"level\":" + badCount() + ",\"color\":\"WHITE\"}"
                    : "{\"level\":3,\"color\":" + badText(List.of("\"PURPLE\"", "\"WHITEISH\"")) + "}";
            case "/api/ai/analysis" -> switch (random.nextInt(3)) {
                case 0 -> "{\"moves\":[\"K10\"],\"level\":" + badCount() + "}";
                case 1 -> "{\"moves\":" + pickOf(List.of("[7]", "[\"K10\",\"K10\"]", "[\"Z99\"]", "[\"K10\\u0000\"]", "{}", "[[]]",
                        "[" + "\"K10\",".repeat(400) + "\"K10\"]")) + ",\"level\":3}";
                default -> "{\"moves\":[\"K10\"],\"level\":3,\"time\":" + pickOf(List.of("\"fast\"", "\"-PT1S\"", "[]", "{}", "true")) + "}";
            };
            case "/api/ai/review" -> switch (random.nextInt(3)) {
                case 0 -> "{\"moves\":[\"K10\"],\"level\":" + pickOf(List.of("4", "9", "1", badCount())) + "}";
                case 1 -> "{\"moves\":" + pickOf(List.of("[]", "\"\"", "[\"K10\",\"K10\"]", "[\"Z99\"]", "{}", "[[]]",
                        "[" + "\"K10\",".repeat(600) + "\"K10\"]", "\"" + "K10 ".repeat(700) + "\"")) + "}";
                default -> "{\"moves\":[\"K10\"],\"millisPerPly\":" + pickOf(List.of("60000", "\"fast\"", "[]", "true")) + "}";
            };
            default -> "{\"name\":" + badText(List.of("\"" + "n".repeat(200) + "\"", "\"\\u0000\"", "\"a\\nb\"", "\"\\ud800\"")) + "}";
        };
    }

    /** An invalid value for a text field: a wrong JSON type, a string no field accepts, or one of {@code extra}. */
    private String badText(List<String> extra) {
        return switch (random.nextInt(3)) {
            case 0 -> pickOf(List.of("7", "true", "[]", "{}", "1e999", "{\"$ne\":null}"));
            case 1 -> "\"" + pickOf(BAD_STRINGS) + "\"";
            default -> pickOf(extra);
        };
    }

    /** An invalid value for a small count (a level, a number of games). */
    private String badCount() {
        return pickOf(List.of("\"3\"", "3.5", "true", "[]", "{}", "-1", "0", "99999", "1e999", "\"\\u0000\""));
    }

    private String hostileBody() {
        return pickOf(List.of(
                "{", "[]", "null", "\"just a string\"", "{\"point\":", "{\"a\":" + "[".repeat(2000) + "]".repeat(2000) + "}",
                "{\"reason\":" + badJsonValue() + "}", "{\"reason\":\"" + pickOf(BAD_STRINGS) + "\"}", "\u0000\u0001\u0002",
                "{\"point\":\"K10\"}{\"point\":\"K11\"}", "{\"__proto__\":{\"admin\":true}}", "{\"reason\":\"" + "r".repeat(600) + "\"}"));
    }

    private String badJsonValue() {
        return pickOf(List.of("7", "true", "[]", "{}", "{\"$ne\":null}", "1e999", "\"\\u0000\"", "\"" + "v".repeat(80) + "\"", "\"\\ud800\""));
    }

    private String anyToken() {
        int pick = random.nextInt(10);
        if (pick < 3) {
            return null;
        }
        if (pick < 7) {
            return pickOf(tokens.invalid());
        }
        return pickOf(List.of(tokens.alice(), tokens.bob(), tokens.guest(), tokens.expired()));
    }

    <T> T pickOf(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Raw request texts for what an HTTP client library would never send. */
    List<String> rawRequests(String referenceGame) {
        List<String> raw = new ArrayList<>();
        raw.add("GET /api/games HTTP/1.0\r\n\r\n");
        raw.add("GET /api/games/" + referenceGame + " HTTP/1.0\r\n\r\n");
        raw.add("GET / HTTP/1.0\r\n\r\n");
        raw.add("GET /api/games/%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        raw.add("GET /" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        raw.add("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "h".repeat(40_000) + "\r\nConnection: close\r\n\r\n");
        raw.add("GET /api/games/\u0000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        raw.add("POST /api/guests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n");
        raw.add("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
        raw.add("GET /api/games HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n");
        raw.add("GET http://evil.example/q/metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        raw.add("GET /api/games\r\n\r\n");
        raw.add("\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003");
        raw.add("POST /api/ai/analysis HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\nConnection: close\r\n\r\n{");
        return raw;
    }
}
