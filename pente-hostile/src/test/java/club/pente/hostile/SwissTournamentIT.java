package club.pente.hostile;

import club.pente.testinfra.Await;
import club.pente.testinfra.Platform;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static club.pente.hostile.StaffPlatform.call;
import static club.pente.hostile.StaffPlatform.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whole Swiss tournaments through the packaged services ({@link StaffPlatform}): an account creates a 1-day Pente
 * Swiss of three rounds, guests join through the gateway, matchmaking pairs each round and creates its games through
 * the command stream, and the test clients play every game to its end move by move through the gateway (one of three
 * scripts per board: White's pente after a capture, Black's pente, Black resigning). Checked against the test's own
 * count: nobody meets anyone twice, everyone plays once a round (or has the round's bye), White goes to the player
 * who had White less often, each line of the table (points = one per captured pair + five for a pente, a bye worth
 * five) and its order (points, then wins, then join order), and the tournament finishes after its last round.
 */
class SwissTournamentIT {
    private static final Duration GAME_WAIT = Duration.ofSeconds(60);
    private static Platform platform;

    /** How a board is played: the moves in order from ply 1, then (resigning) who resigns; the points each side scores. */
    private record Script(String name, List<String> moves, boolean blackResigns, int whitePoints, int blackPoints, boolean whiteWins) {
    }

    /** White's pente K10-K14 after capturing L10 M10 with N10: 1 + 5 points for White. */
    private static final Script WHITE_PENTE = new Script("White's pente after a capture",
            List.of("K10", "L10", "K13", "M10", "N10", "A1", "K11", "A3", "K12", "A5", "K14"), false, 6, 0, true);
    /** Black's pente C3-C7 while White scatters stones far away: 5 points for Black. */
    private static final Script BLACK_PENTE = new Script("Black's pente",
            List.of("K10", "C3", "T19", "C4", "T17", "C5", "T15", "C6", "T13", "C7"), false, 0, 5, false);
    /** Black resigns after two moves each: a win for White worth no points. */
    private static final Script BLACK_RESIGNS = new Script("Black resigns",
            List.of("K10", "L11", "K13", "L12"), true, 0, 0, true);
    private static final List<Script> SCRIPTS = List.of(WHITE_PENTE, BLACK_PENTE, BLACK_RESIGNS);

    @BeforeAll
    static void start() throws Exception {
        platform = StaffPlatform.get();
    }

    @Test
    void sixPlayersThreeRoundsArePairedWithoutRepeatsAndScoredByCapturesAndPentes() throws Exception {
        play(6);
    }

    @Test
    void fivePlayersGetOneByeEachAtMostWorthAWinAndFivePoints() throws Exception {
        play(5);
    }

    private void play(int players) throws Exception {
        List<String> seeds = new ArrayList<>(); // join order
        Map<String, String> tokens = new HashMap<>();
        for (int i = 0; i < players; i++) {
            String token = StaffPlatform.guestToken("Swiss" + players + "p" + i);
            String id = club.pente.testinfra.DemoTokens.claims(token).get("sub").asText();
            seeds.add(id);
            tokens.put(id, token);
        }
        String body = "{\"name\":\"Swiss of " + players + "\",\"format\":\"SWISS\",\"rounds\":3,\"variant\":\"PENTE\",\"timeControl\":\"1d\","
                + "\"startsAt\":\"" + Instant.now().plusSeconds(8) + "\",\"maxPlayers\":" + players + "}";
        HttpResponse<String> created = call("POST", gateway() + "/api/matchmaking/tournaments", StaffPlatform.token("alice"), body);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String id = json(created).path("id").asText();
        for (String player : seeds) {
            HttpResponse<String> joined = call("POST", gateway() + "/api/matchmaking/tournaments/" + id + "/join", tokens.get(player), null);
            assertThat(joined.statusCode()).as(joined.body()).isEqualTo(200);
        }

        Map<String, int[]> expected = new HashMap<>(); // player -> points, wins, losses, byes, played
        seeds.forEach(p -> expected.put(p, new int[5]));
        Map<String, Integer> colourBalance = new HashMap<>(); // whites - blacks so far
        Set<String> met = new HashSet<>();
        Set<String> byes = new HashSet<>();
        for (int round = 1; round <= 3; round++) {
            JsonNode pairing = awaitRound(id, round);
            Set<String> seated = new HashSet<>();
            JsonNode bye = pairing.path("bye");
            if (players % 2 == 1) {
                String byePlayer = bye.path("id").asText();
                assertThat(byes.add(byePlayer)).as("round %d's bye %s had no bye before", round, byePlayer).isTrue();
                seated.add(byePlayer);
                expected.get(byePlayer)[0] += 5;
                expected.get(byePlayer)[1]++;
                expected.get(byePlayer)[3]++;
            } else {
                assertThat(bye.isMissingNode() || bye.isNull()).as("round %d has no bye with %d players", round, players).isTrue();
            }
            JsonNode games = pairing.path("games");
            assertThat(games).hasSize(players / 2);
            for (JsonNode game : games) {
                String white = game.path("white").path("id").asText();
                String black = game.path("black").path("id").asText();
                assertThat(seated.add(white) && seated.add(black)).as("round %d seats each player once", round).isTrue();
                assertThat(met.add(pairKey(white, black))).as("round %d: %s and %s met before", round, white, black).isTrue();
                assertThat(colourBalance.getOrDefault(white, 0)).as("round %d: White had White no more often than Black", round)
                        .isLessThanOrEqualTo(colourBalance.getOrDefault(black, 0));
                Script script = SCRIPTS.get((round + game.path("board").asInt()) % SCRIPTS.size());
                playOut(game.path("gameId").asText(), script, tokens.get(white), tokens.get(black));
                expected.get(white)[0] += script.whitePoints();
                expected.get(black)[0] += script.blackPoints();
                expected.get(script.whiteWins() ? white : black)[1]++;
                expected.get(script.whiteWins() ? black : white)[2]++;
                expected.get(white)[4]++;
                expected.get(black)[4]++;
            }
            for (JsonNode game : games) {
                colourBalance.merge(game.path("white").path("id").asText(), 1, Integer::sum);
                colourBalance.merge(game.path("black").path("id").asText(), -1, Integer::sum);
            }
            assertThat(seated).containsExactlyInAnyOrderElementsOf(seeds);
        }

        JsonNode finished = Await.until("tournament " + id + " finished", () -> {
            JsonNode view = tournament(id);
            return view != null && "FINISHED".equals(view.path("status").asText()) ? view : null;
        }, GAME_WAIT);
        assertThat(finished.path("finishedAt").asText()).isNotBlank();
        for (JsonNode round : finished.path("pairings")) {
            for (JsonNode game : round.path("games")) {
                Script script = SCRIPTS.get((round.path("round").asInt() + game.path("board").asInt()) % SCRIPTS.size());
                assertThat(game.path("result").asText()).as(script.name()).isEqualTo(script.whiteWins() ? "WHITE_WINS" : "BLACK_WINS");
                assertThat(game.path("whitePoints").asInt()).as(script.name()).isEqualTo(script.whitePoints());
                assertThat(game.path("blackPoints").asInt()).as(script.name()).isEqualTo(script.blackPoints());
            }
        }
        List<String> order = new ArrayList<>(seeds);
        order.sort(Comparator.<String>comparingInt(p -> -expected.get(p)[0]).thenComparingInt(p -> -expected.get(p)[1])
                .thenComparingInt(seeds::indexOf));
        List<String> table = new ArrayList<>();
        StringBuilder printed = new StringBuilder();
        for (JsonNode line : finished.path("standings")) {
            String player = line.path("player").path("id").asText();
            table.add(player);
            int[] e = expected.get(player);
            assertThat(List.of(line.path("points").asInt(), line.path("wins").asInt(), line.path("losses").asInt(),
                    line.path("draws").asInt(), line.path("byes").asInt(), line.path("played").asInt()))
                    .as("points, wins, losses, draws, byes, played of %s", player)
                    .containsExactly(e[0], e[1], e[2], 0, e[3], e[4]);
            assertThat(line.path("rank").asInt()).isEqualTo(table.size());
            printed.append(String.format("%n  %d. %-22s %2d points %d wins %d byes", table.size(), line.path("player").path("name").asText(),
                    e[0], e[1], e[3]));
        }
        assertThat(table).as("the table's order: points, then wins, then join order").containsExactlyElementsOf(order);
        System.out.printf("Swiss of %d players, 3 rounds, %d games played through the gateway:%s%n", players, 3 * (players / 2), printed);
    }

    /** Plays a script on a board: each side's moves through the gateway with that side's token, then the end awaited. */
    private static void playOut(String gameId, Script script, String whiteToken, String blackToken) throws Exception {
        StaffPlatform.awaitGame("tournament game " + gameId + " created", gameId, g -> g.path("version").asLong() >= 1, GAME_WAIT);
        for (int i = 0; i < script.moves().size(); i++) {
            String token = i % 2 == 0 ? whiteToken : blackToken;
            HttpResponse<String> move = call("POST", gateway() + "/api/games/" + gameId + "/moves", token,
                    "{\"point\":\"" + script.moves().get(i) + "\",\"expectedPly\":" + (i + 1) + "}");
            assertThat(move.statusCode()).as("%s, ply %d %s: %s", script.name(), i + 1, script.moves().get(i), move.body()).isEqualTo(200);
            assertThat(json(move).path("outcome").asText(json(move).path("status").asText())).as(move.body()).isEqualTo("APPLIED");
        }
        if (script.blackResigns()) {
            HttpResponse<String> resign = call("POST", gateway() + "/api/games/" + gameId + "/resign", blackToken, "{}");
            assertThat(resign.statusCode()).as(resign.body()).isEqualTo(200);
        }
        String result = script.whiteWins() ? "WHITE_WINS" : "BLACK_WINS";
        StaffPlatform.awaitGame(script.name() + " in " + gameId + " ended", gameId, g -> result.equals(g.path("status").asText()), GAME_WAIT);
    }

    private static JsonNode awaitRound(String id, int round) {
        return Await.until("round " + round + " of " + id + " paired", () -> {
            JsonNode view = tournament(id);
            if (view == null || view.path("currentRound").asInt() < round) {
                return null;
            }
            for (JsonNode pairing : view.path("pairings")) {
                if (pairing.path("round").asInt() == round) {
                    return pairing;
                }
            }
            return null;
        }, GAME_WAIT);
    }

    private static JsonNode tournament(String id) {
        try {
            HttpResponse<String> response = call("GET", gateway() + "/api/matchmaking/tournaments/" + id, null, null);
            return response.statusCode() == 200 ? json(response) : null;
        } catch (Exception e) {
            return null;
        }
    }

    private static String pairKey(String a, String b) {
        return a.compareTo(b) < 0 ? a + " " + b : b + " " + a;
    }

    private static String gateway() {
        return platform.url("gateway");
    }
}
