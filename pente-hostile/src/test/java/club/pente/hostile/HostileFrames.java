package club.pente.hostile;

import club.pente.core.contract.Topic;
import java.util.List;
import java.util.Random;

/**
 * Socket frames and Kafka records that no part of the platform may act on: malformed and wrong-typed
 * JSON, huge, NUL and unpaired-surrogate strings, unknown types, moves by people who do not play and at
 * stale plies, the table's frames (chat, offer, answer, claim, abort) with broken fields. Records for the streams are invalid by construction (every one breaks an id, a type or
 * the JSON itself), so none of them may change a game, a rating or a seek.
 */
final class HostileFrames {
    private final Random random;
    private final String referenceGame;

    HostileFrames(long seed, String referenceGame) {
        this.random = new Random(seed);
        this.referenceGame = referenceGame;
    }

    /** A frame for the game socket of the reference game (White, alice, to move at ply 3). */
    String socketFrame() {
        String badString = pick(HostileRequests.BAD_STRINGS);
        String badValue = pick(List.of("7", "true", "[]", "{}", "null", "\"\\u0000\"", "\"" + "c".repeat(70) + "\"", "1e999", "-1", "3.5"));
        // The table's frames (issue 14), each broken by construction: none may store a chat message, make an
        // offer, abort or claim (Bob plays this game, and Alice, to move, is never connected).
        String badId = pick(List.of("7", "true", "[]", "{}", "\"\\u0000\"", "\"" + "c".repeat(70) + "\"", "\"a b\"", "\"\""));
        String badText = pick(List.of("7", "true", "[]", "{}", "null", "\"\"", "\"   \"", "\"a\\u0000b\"", "\"two\\nlines\"",
                "\"\\ud800\"", "\"" + "t".repeat(301) + "\"", "\"\\u001b[31mred\""));
        String badKind = pick(List.of("\"draw\"", "\"RESIGN\"", "7", "null", "[]", "\"DRAW\\u0000\"", "\" TAKEBACK\""));
        String badAccept = pick(List.of("\"true\"", "1", "null", "{}", "[]"));
        return switch (random.nextInt(22)) {
            case 0 -> "{";
            case 1 -> "[]";
            case 2 -> "{\"type\":" + badValue + "}";
            case 3 -> "{\"type\":\"teleport\",\"to\":\"A1\"}";
            case 4 -> "{\"type\":\"move\",\"point\":\"A1\",\"expectedPly\":3,\"commandId\":" + badValue + "}";
            case 5 -> "{\"type\":\"move\",\"point\":\"" + badString + "\",\"expectedPly\":3}";
            case 6 -> "{\"type\":\"move\",\"point\":\"A1\",\"expectedPly\":" + pick(List.of("1", "2", "4", "0", "\"3\"", "3.5", "99999999999", "[]")) + "}";
            case 7 -> "{\"type\":\"move\",\"point\":\"" + pick(List.of("K10", "L11", "Z99", "T20", "")) + "\",\"expectedPly\":3}";
            case 8 -> "{\"type\":\"auth\",\"token\":" + badValue + "}";
            case 9 -> "{\"type\":\"move\",\"point\":\"A1\",\"expectedPly\":3,\"gameId\":\"" + referenceGame + "\",\"playerId\":\"alice\"}";
            case 10 -> "{\"type\":\"resign\",\"playerId\":\"" + badString + "\"}";
            case 11 -> "\u0000\u0000\u0000";
            case 12 -> "{\"type\":\"move\",\"point\":\"A1\",\"expectedPly\":3,\"pad\":\"" + "p".repeat(5000) + "\"}";
            case 13 -> "[".repeat(3000) + "]".repeat(3000);
            case 14 -> "{\"type\":\"ping\",\"x\":\"" + badString + "\"}";
            case 16 -> "{\"type\":\"chat\",\"text\":" + badText + ",\"authorId\":\"alice\",\"channel\":\"PLAYERS\"}";
            case 17 -> "{\"type\":\"chat\",\"text\":\"hello\",\"commandId\":" + badId + "}";
            case 18 -> "{\"type\":\"offer\",\"kind\":" + badKind + "}";
            case 19 -> "{\"type\":\"answer\",\"kind\":" + pick(List.of("\"DRAW\"", "\"TAKEBACK\"")) + ",\"accept\":" + badAccept + "}";
            case 20 -> "{\"type\":\"claim\",\"commandId\":" + badId + ",\"playerId\":\"alice\"}";
            case 21 -> "{\"type\":\"abort\",\"commandId\":" + badId + "}";
            default -> "{\"type\":\"move\",\"expectedPly\":3}";
        };
    }

    /** A record for a consumed topic, keyed as its producers key it (or not). */
    record KafkaRecord(Topic topic, String key, String value) {
    }

    KafkaRecord kafkaRecord() {
        String id = badIdJson();
        String gameKey = random.nextInt(5) == 0 ? pick(List.of("", "k".repeat(300), "\u0000")) : referenceGame;
        return switch (random.nextInt(15)) {
            case 0 -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":\"PlayMove\",\"schemaVersion\":1,\"commandId\":" + id
                    + ",\"gameId\":\"" + referenceGame + "\",\"playerId\":\"p\",\"expectedPly\":3,\"point\":\"A1\",\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
            case 1 -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":\"PlayMove\",\"schemaVersion\":1,\"commandId\":\"c-" + random.nextInt()
                    + "\",\"gameId\":\"" + referenceGame + "\",\"playerId\":" + badPlayerIdJson() + ",\"expectedPly\":3,\"point\":\"A1\",\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
            case 2 -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":\"CreateGame\",\"schemaVersion\":1,\"commandId\":\"c-" + random.nextInt()
                    + "\",\"gameId\":" + id + ",\"white\":{\"id\":\"w\",\"name\":\"w\"},\"black\":{\"id\":\"b\",\"name\":\"b\"},\"ranked\":false,\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
            case 3 -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":\"CreateGame\",\"schemaVersion\":1,\"commandId\":\"c-" + random.nextInt()
                    + "\",\"gameId\":\"g-" + random.nextInt() + "\",\"white\":{\"id\":" + badPlayerIdJson() + ",\"name\":\"w\"},\"black\":{\"id\":\"b\",\"name\":\"b\"},\"ranked\":false,\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
            case 4 -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":\"Abort\",\"schemaVersion\":1,\"commandId\":\"c-" + random.nextInt()
                    + "\",\"gameId\":\"" + referenceGame + "\",\"adminId\":\"a\",\"reason\":" + pick(List.of("\"\\u0000\"", "\"" + "r".repeat(600) + "\"", "7", "null")) + ",\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
            case 5 -> new KafkaRecord(Topic.GAME_EVENTS, gameKey, "{\"type\":\"GameEnded\",\"schemaVersion\":1,\"eventId\":" + id
                    + ",\"gameId\":\"" + referenceGame + "\",\"version\":9,\"occurredAt\":\"2026-12-01T12:00:00Z\",\"commandId\":\"c\",\"result\":\"WHITE_WINS\",\"reason\":\"RESIGNATION\",\"ranked\":true,"
                    + "\"white\":{\"id\":\"w\",\"name\":\"w\"},\"black\":{\"id\":\"b\",\"name\":\"b\"},\"plies\":3,\"capturedPairs\":{\"white\":0,\"black\":0},\"points\":{\"white\":0,\"black\":0}}");
            case 6 -> new KafkaRecord(Topic.GAME_EVENTS, gameKey, "{\"type\":\"GameEnded\",\"schemaVersion\":1,\"eventId\":\"e-" + random.nextInt()
                    + "\",\"gameId\":\"g\",\"version\":9,\"occurredAt\":\"2026-12-01T12:00:00Z\",\"commandId\":\"c\",\"result\":\"WHITE_WINS\",\"reason\":\"RESIGNATION\",\"ranked\":true,"
                    + "\"white\":{\"id\":" + badPlayerIdJson() + ",\"name\":\"w\"},\"black\":{\"id\":\"b\",\"name\":\"b\"},\"plies\":3,\"capturedPairs\":{\"white\":0,\"black\":0},\"points\":{\"white\":0,\"black\":0}}");
            case 7 -> new KafkaRecord(Topic.GAME_EVENTS, gameKey, "{\"type\":\"MovePlayed\",\"schemaVersion\":1,\"eventId\":\"e\",\"gameId\":\"" + referenceGame
                    + "\",\"version\":" + pick(List.of("\"4\"", "[]", "{}", "1e999")) + ",\"ply\":3,\"color\":\"WHITE\",\"playerId\":\"p\",\"point\":\"A1\"}");
            case 8 -> new KafkaRecord(pick(List.of(Topic.PRESENCE, Topic.MATCHMAKING_EVENTS, Topic.RATING_EVENTS)), gameKey,
                    "{\"type\":" + pick(List.of("\"PresenceChanged\"", "\"SeekMatched\"", "\"LobbyCounts\"", "7", "\"\\u0000\"")) + ",\"schemaVersion\":1,\"gameId\":" + id
                            + ",\"playerId\":" + id + ",\"spectators\":" + pick(List.of("-1", "\"many\"", "1e999", "[]")) + "}");
            case 9 -> new KafkaRecord(pick(List.of(Topic.GAME_COMMANDS, Topic.GAME_EVENTS, Topic.PRESENCE, Topic.ADMIN_SANCTIONS)), gameKey, pick(List.of(
                    "{", "null", "[]", "\"text\"", "{\"type\":\"Teleport\"}", "\u0000", "{\"type\":\"PlayMove\"" + ",\"x\":1".repeat(20_000) + "}",
                    "{\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}")));
            case 10 -> new KafkaRecord(pick(List.of(Topic.GAME_COMMANDS, Topic.GAME_EVENTS, Topic.ADMIN_SANCTIONS)), gameKey, null);
            case 11 -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":" + pick(List.of("\"AnnulGame\"", "\"ForfeitGame\"")) + ",\"schemaVersion\":1,\"commandId\":\"c-"
                    + random.nextInt() + "\",\"gameId\":\"" + referenceGame + "\",\"playerId\":\"p\",\"suspensionId\":\"s\",\"staff\":"
                    + pick(List.of("null", "{}", "{\"subject\":\"s\",\"username\":\"u\",\"role\":\"OWNER\"}", "{\"subject\":" + id + ",\"username\":\"u\",\"role\":\"ADMIN\"}"))
                    + ",\"reason\":" + pick(List.of("\"r\"", "null", "\"\\u0000\"")) + ",\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
            case 12 -> new KafkaRecord(Topic.GAME_EVENTS, gameKey, "{\"type\":\"GameAnnulled\",\"schemaVersion\":1,\"eventId\":" + id
                    + ",\"gameId\":\"" + referenceGame + "\",\"version\":" + pick(List.of("\"4\"", "[]", "9")) + ",\"occurredAt\":\"2026-12-01T12:00:00Z\",\"commandId\":\"c\",\"ranked\":true,"
                    + "\"white\":{\"id\":\"w\",\"name\":\"w\"},\"black\":{\"id\":\"b\",\"name\":\"b\"},\"staff\":" + pick(List.of("null", "{}", "7")) + ",\"reason\":" + pick(List.of("null", "7", "\"\\u0000\"")) + "}");
            case 13 -> new KafkaRecord(Topic.ADMIN_SANCTIONS, pick(List.of("", "k".repeat(300), "p-" + random.nextInt())), "{\"schemaVersion\":1,\"eventId\":" + id
                    + ",\"playerId\":" + badPlayerIdJson() + ",\"suspension\":" + pick(List.of("7", "[]", "{\"id\":\"s\",\"since\":\"never\"}",
                    "{\"id\":\"s\",\"since\":\"2026-12-01T12:00:00Z\",\"until\":null,\"reason\":null,\"forfeitLiveGames\":true,\"staff\":null}"))
                    + ",\"mute\":null,\"changedAt\":" + pick(List.of("null", "\"later\"", "7")) + "}");
            default -> new KafkaRecord(Topic.GAME_COMMANDS, gameKey, "{\"type\":\"PlayMove\",\"schemaVersion\":1,\"commandId\":\"c-" + random.nextInt()
                    + "\",\"gameId\":\"" + referenceGame + "\",\"playerId\":\"p\",\"expectedPly\":" + pick(List.of("\"3\"", "3.5", "[]", "1e999")) + ",\"point\":\"A1\",\"issuedAt\":\"2026-12-01T12:00:00Z\"}");
        };
    }

    /** A JSON value where an id must be: never an id. */
    private String badIdJson() {
        return pick(List.of("\"" + "i".repeat(65) + "\"", "\"" + "j".repeat(100_000) + "\"", "\"a\\u0000b\"", "\"\\ud800\"", "\"caf\\u00e9\"",
                "\"a b\"", "\"\"", "7", "true", "[]", "{}", "null"));
    }

    /** A JSON value where a player id must be: never one (player ids may be up to 128 characters). */
    private String badPlayerIdJson() {
        return pick(List.of("\"" + "i".repeat(129) + "\"", "\"a\\u0000b\"", "\"\\ud800\"", "\"caf\\u00e9\"", "\"a b\"", "\"\"", "7", "[]", "{}", "null"));
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
