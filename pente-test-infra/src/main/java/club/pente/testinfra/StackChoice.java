package club.pente.testinfra;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;

/**
 * Which stack the test resources run on, from the system property {@value #PROPERTY} or else the environment
 * variable {@value #ENV}: {@code auto} (the default) takes containers when a Docker engine answers and the local
 * processes of {@code deploy/stack} otherwise; {@code local} and {@code containers} force one.
 */
public enum StackChoice {
    AUTO, LOCAL, CONTAINERS;

    public static final String PROPERTY = "pente.test.stack";
    public static final String ENV = "PENTE_TEST_STACK";

    /** The property wins over the variable; neither set (or blank) means {@link #AUTO}. */
    public static StackChoice configured(Properties systemProperties, Map<String, String> env) {
        String property = systemProperties.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return parse(PROPERTY, property);
        }
        return parse(ENV, env.get(ENV));
    }

    static StackChoice parse(String source, String value) {
        if (value == null || value.isBlank()) {
            return AUTO;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "local" -> LOCAL;
            case "containers" -> CONTAINERS;
            // A typo must not silently pick a path: the two differ in what they start and where.
            default -> throw new IllegalArgumentException(source + " must be auto, local or containers, was '" + value + "'");
        };
    }

    /** {@link #LOCAL} or {@link #CONTAINERS}; only {@link #AUTO} asks whether an engine answers. */
    public StackChoice resolve(BooleanSupplier dockerAnswers) {
        return switch (this) {
            case AUTO -> dockerAnswers.getAsBoolean() ? CONTAINERS : LOCAL;
            case LOCAL, CONTAINERS -> this;
        };
    }
}
