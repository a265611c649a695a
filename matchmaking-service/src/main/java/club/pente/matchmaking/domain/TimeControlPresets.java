package club.pente.matchmaking.domain;

import club.pente.core.contract.TimeControl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The short list of time controls players choose from, written minutes + seconds added per move
 * ({@code 10+5} is 600 s and 5 s per move). Seeks pair only within the same preset.
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
            throw new BadRequestException("UNKNOWN_TIME_CONTROL", "timeControl '" + name + "' is not one of " + names());
        }
        return key;
    }

    public static TimeControl of(String name) {
        return PRESETS.get(check(name));
    }

    public static List<String> names() {
        return List.copyOf(PRESETS.keySet());
    }
}
