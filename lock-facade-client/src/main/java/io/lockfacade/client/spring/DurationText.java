package io.lockfacade.client.spring;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads durations written in configuration: plain milliseconds ({@code 1500}), a number with a unit
 * ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 1d}) or ISO-8601 ({@code PT30S}).
 */
public final class DurationText {

    private static final Pattern NUMBER_WITH_UNIT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");

    private DurationText() {
    }

    /**
     * @param property the property's name, used in the message
     * @param text     the text to read
     * @return the duration
     * @throws IllegalArgumentException if the text is not a duration in one of the accepted forms
     */
    public static Duration parse(String property, String text) {
        String value = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Matcher matcher = NUMBER_WITH_UNIT.matcher(value);
        try {
            if (matcher.matches()) {
                long amount = Long.parseLong(matcher.group(1));
                String unit = matcher.group(2) == null ? "ms" : matcher.group(2);
                return switch (unit) {
                    case "ms" -> Duration.ofMillis(amount);
                    case "s" -> Duration.ofSeconds(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    case "h" -> Duration.ofHours(amount);
                    default -> Duration.ofDays(amount);
                };
            }
            if (value.startsWith("p")) {
                return Duration.parse(value.toUpperCase(Locale.ROOT));
            }
        } catch (ArithmeticException | NumberFormatException | DateTimeParseException e) {
            throw invalid(property, text, e);
        }
        throw invalid(property, text, null);
    }

    private static IllegalArgumentException invalid(String property, String text, Exception cause) {
        return new IllegalArgumentException(property + " must be a duration such as 1500 (ms), 500ms, 30s, 5m, 1h"
                + " or PT30S, was \"" + text + "\"", cause);
    }
}
