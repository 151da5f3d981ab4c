package io.lockfacade.webapp.admin;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * How the admin page writes times for people: instants in UTC to the second, durations in their two largest
 * units ({@code 850 ms}, {@code 42 s}, {@code 3 min 07 s}, {@code 2 h 05 min}, {@code 3 d 04 h}). The JSON API
 * gives machines ISO-8601 instants and milliseconds instead.
 */
public final class AdminFormats {

    private static final DateTimeFormatter UTC_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter UTC_CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private AdminFormats() {
    }

    /** @return the instant as {@code 2026-05-02 10:15:03 UTC} */
    public static String instant(long epochMillis) {
        return UTC_TIME.format(Instant.ofEpochMilli(epochMillis));
    }

    /** @return the instant's time of day, {@code 10:15:03} (UTC) */
    public static String clock(long epochMillis) {
        return UTC_CLOCK.format(Instant.ofEpochMilli(epochMillis));
    }

    /** @return the instant in ISO-8601, {@code 2026-05-02T10:15:03.123Z}, for JSON */
    public static String iso(long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).toString();
    }

    /** @return the duration in its two largest units; negative durations read as zero */
    public static String duration(long millis) {
        Duration d = Duration.ofMillis(Math.max(0, millis));
        if (d.compareTo(Duration.ofSeconds(1)) < 0) {
            return d.toMillis() + " ms";
        }
        if (d.compareTo(Duration.ofMinutes(1)) < 0) {
            return d.toSeconds() + " s";
        }
        if (d.compareTo(Duration.ofHours(1)) < 0) {
            return d.toMinutes() + " min " + twoDigits(d.toSecondsPart()) + " s";
        }
        if (d.compareTo(Duration.ofDays(1)) < 0) {
            return d.toHours() + " h " + twoDigits(d.toMinutesPart()) + " min";
        }
        return d.toDays() + " d " + twoDigits(d.toHoursPart()) + " h";
    }

    private static String twoDigits(int value) {
        return String.format(Locale.ROOT, "%02d", value);
    }
}
