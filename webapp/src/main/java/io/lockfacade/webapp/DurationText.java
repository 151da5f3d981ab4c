package io.lockfacade.webapp;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes durations the way the command line takes them: a whole number and a unit, {@code ms}, {@code s},
 * {@code m} or {@code h} (for example {@code 500ms}, {@code 30s}, {@code 10m}, {@code 1h}).
 */
public final class DurationText {

    private static final Pattern FORMAT = Pattern.compile("(\\d{1,12})(ms|s|m|h)");

    private DurationText() {
    }

    /**
     * @param text a duration such as {@code 30s}
     * @return the duration
     * @throws IllegalArgumentException if the text is not a whole number followed by one of the units
     */
    public static Duration parse(String text) {
        Matcher matcher = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration; use a number and a unit, e.g."
                    + " 500ms, 30s, 10m or 1h");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }

    /**
     * @param duration a non-negative duration
     * @return the shortest text {@link #parse} reads back to the same duration, e.g. {@code 10m}
     */
    public static String format(Duration duration) {
        if (duration.toMillis() % Duration.ofSeconds(1).toMillis() != 0) {
            return duration.toMillis() + "ms";
        }
        long seconds = duration.toSeconds();
        if (seconds != 0 && seconds % Duration.ofHours(1).toSeconds() == 0) {
            return duration.toHours() + "h";
        }
        if (seconds != 0 && seconds % Duration.ofMinutes(1).toSeconds() == 0) {
            return duration.toMinutes() + "m";
        }
        return seconds + "s";
    }
}
