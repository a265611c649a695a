package club.pente.matchmaking.tournament;

import club.pente.core.contract.TimeControl;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.TimeControlPresets;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;

/**
 * A checked tournament request: every field within its range, or a {@link BadRequestException} naming the field
 * (nothing is stored). {@code timeControl} is a live preset or days per move (1d, 2d, 3d, 5d, 7d); never untimed,
 * since an untimed game could hold a round forever. {@code rounds} is null only for a round robin (everyone meets
 * everyone once).
 */
public record TournamentSpec(String name, Format format, Integer rounds, Variant variant, String timeControl,
                             Instant startsAt, int maxPlayers, Ranking ranking) {
    public static final int MAX_NAME = 60;
    public static final int MAX_ROUNDS = 20;
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 64;
    public static final int DEFAULT_MAX_PLAYERS = 16;
    static final Set<Integer> DAYS = Set.of(1, 2, 3, 5, 7);

    public static TournamentSpec check(String name, String format, Integer rounds, String variant, String timeControl,
                                       String startsAt, Integer maxPlayers, String ranking, Instant now,
                                       Duration minLead, Duration maxLead) {
        String checkedName = name(name);
        Format checkedFormat = parse(Format.class, format, "FORMAT", "format", null);
        if (rounds != null && (rounds < 1 || rounds > MAX_ROUNDS)) {
            throw new BadRequestException("BAD_ROUNDS", "rounds must be 1 to " + MAX_ROUNDS);
        }
        if (rounds == null && checkedFormat == Format.SWISS) {
            throw new BadRequestException("MISSING_ROUNDS", "a Swiss tournament needs rounds (1 to " + MAX_ROUNDS + ")");
        }
        Variant checkedVariant;
        try {
            checkedVariant = Variant.parse(variant);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("UNKNOWN_VARIANT", "variant must be PENTE, KERYO or GOMOKU");
        }
        String checkedTimeControl = timeControl(timeControl);
        Instant checkedStart = startsAt(startsAt, now, minLead, maxLead);
        int players = maxPlayers == null ? DEFAULT_MAX_PLAYERS : maxPlayers;
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new BadRequestException("BAD_MAX_PLAYERS", "maxPlayers must be " + MIN_PLAYERS + " to " + MAX_PLAYERS);
        }
        Ranking checkedRanking = parse(Ranking.class, ranking, "RANKING", "ranking", Ranking.POINTS_THEN_WINS);
        return new TournamentSpec(checkedName, checkedFormat, rounds, checkedVariant, checkedTimeControl, checkedStart,
                players, checkedRanking);
    }

    /** The time control a stored name stands for (a live preset or {@code Nd}). */
    public static TimeControl timeControlOf(String name) {
        if (name.endsWith("d")) {
            return TimeControl.daysPerMove(Integer.parseInt(name.substring(0, name.length() - 1)));
        }
        return TimeControlPresets.of(name);
    }

    private static String name(String name) {
        if (name == null || name.isBlank()) {
            throw new BadRequestException("MISSING_NAME", "name is required (1 to " + MAX_NAME + " characters)");
        }
        String stripped = name.strip();
        if (stripped.length() > MAX_NAME) {
            throw new BadRequestException("BAD_NAME", "name must be at most " + MAX_NAME + " characters");
        }
        for (int i = 0; i < stripped.length(); ) {
            int c = stripped.codePointAt(i);
            int type = Character.getType(c);
            if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.PRIVATE_USE || type == Character.UNASSIGNED
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
                throw new BadRequestException("BAD_NAME", "name must be printable characters (no control or format characters)");
            }
            i += Character.charCount(c);
        }
        return stripped;
    }

    private static String timeControl(String value) {
        if (value == null || value.isBlank()) {
            throw new BadRequestException("MISSING_TIME_CONTROL", "timeControl is required: a live preset or 1d, 2d, 3d, 5d, 7d");
        }
        String key = value.strip().toLowerCase(Locale.ROOT);
        if (key.matches("[0-9]{1,2}d")) {
            if (!DAYS.contains(Integer.parseInt(key.substring(0, key.length() - 1)))) {
                throw new BadRequestException("UNKNOWN_TIME_CONTROL", "days per move must be 1d, 2d, 3d, 5d or 7d");
            }
            return key;
        }
        if (key.equals(TimeControlPresets.UNTIMED)) {
            throw new BadRequestException("UNTIMED_NOT_ALLOWED", "tournament games need a clock: a live preset or days per move");
        }
        return TimeControlPresets.check(key);
    }

    private static Instant startsAt(String value, Instant now, Duration minLead, Duration maxLead) {
        if (value == null || value.isBlank()) {
            throw new BadRequestException("MISSING_STARTS_AT", "startsAt is required (an ISO instant like 2026-12-24T18:00:00Z)");
        }
        Instant at;
        try {
            if (value.length() > 40) {
                throw new DateTimeParseException("too long", value.substring(0, 40), 0);
            }
            at = Instant.parse(value.strip());
        } catch (DateTimeParseException e) {
            throw new BadRequestException("BAD_STARTS_AT", "startsAt must be an ISO instant like 2026-12-24T18:00:00Z");
        }
        if (at.isBefore(now.plus(minLead))) {
            throw new BadRequestException("STARTS_TOO_SOON", "startsAt must be at least " + minLead.toSeconds() + " s ahead");
        }
        if (at.isAfter(now.plus(maxLead))) {
            throw new BadRequestException("STARTS_TOO_LATE", "startsAt must be at most " + maxLead.toDays() + " days ahead");
        }
        return at;
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String value, String code, String field, E fallback) {
        if (value == null || value.isBlank()) {
            if (fallback != null) {
                return fallback;
            }
            throw new BadRequestException("MISSING_" + code, field + " is required, one of " + java.util.Arrays.toString(type.getEnumConstants()));
        }
        String key = value.strip().toUpperCase(Locale.ROOT);
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(key)) {
                return constant;
            }
        }
        throw new BadRequestException("UNKNOWN_" + code, field + " must be one of " + java.util.Arrays.toString(type.getEnumConstants()));
    }
}
