package club.pente.matchmaking.domain;

import club.pente.core.contract.TimeControl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The short list of time controls players choose from. Live: minutes + seconds added per move ({@code 10+5}
 * is 600 s and 5 s per move) or untimed. Turn-based (correspondence): days per move ({@code 3d}). Seeks pair
 * only within the same preset; a player may hold many turn-based games and seeks at once, one live seek.
 */
public final class TimeControlPresets {
    public static final String UNTIMED = "untimed";
    /** What a lobby offers first. */
    public static final String DEFAULT = "5+5";
    private static final Map<String, TimeControl> PRESETS = new LinkedHashMap<>();

    static {
        PRESETS.put("3+2", new TimeControl(180, 2));
        PRESETS.put("5+5", new TimeControl(300, 5));
        PRESETS.put("10+5", new TimeControl(600, 5));
        PRESETS.put("15+10", new TimeControl(900, 10));
        PRESETS.put("30+20", new TimeControl(1800, 20));
        PRESETS.put(UNTIMED, TimeControl.UNTIMED);
        for (int days : new int[]{1, 2, 3, 5, 7}) {
            PRESETS.put(days + "d", TimeControl.daysPerMove(days));
        }
    }

    private TimeControlPresets() {
    }

    /** The preset's canonical name; throws a 400-worthy exception for anything not on the list. */
    public static String check(String name) {
        if (name == null || name.isBlank()) {
            throw new BadRequestException("MISSING_TIME_CONTROL", "timeControl is required, one of " + names());
        }
        String key = name.strip().toLowerCase();
        if (!PRESETS.containsKey(key)) {
            // Not echoed when long: the message stays short whatever was sent.
            String shown = key.length() > 16 ? key.substring(0, 16) + "..." : key;
            throw new BadRequestException("UNKNOWN_TIME_CONTROL", "timeControl '" + shown + "' is not one of " + names());
        }
        return key;
    }

    public static TimeControl of(String name) {
        return PRESETS.get(check(name));
    }

    /** Days per move ({@code 3d}) rather than a live clock. */
    public static boolean turnBased(String name) {
        return of(name).turnBased();
    }

    /** Days per move of the preset, 0 for live and untimed ones. */
    public static int daysPerMove(String name) {
        return of(name).daysPerMove();
    }

    /** Every preset, live ones first. */
    public static List<String> names() {
        return List.copyOf(PRESETS.keySet());
    }
}
