package io.lockfacade.bench.node;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One line of the protocol between the benchmark and its child JVMs: a tag, then {@code key=value} pairs separated
 * by spaces, e.g. {@code STATS cpuNanos=1200 threads=31}. Values never contain spaces. Children answer every command
 * with exactly one line; a child that fails prints {@value #ERROR} with a message and exits.
 *
 * @param tag    what the line says, e.g. {@code READY}
 * @param fields the pairs, in order
 */
public record NodeLine(String tag, Map<String, String> fields) {

    /** Tag of the line a child prints when it fails; its {@code message} field says why. */
    public static final String ERROR = "ERROR";

    /** Copies the fields, keeping their order. */
    public NodeLine {
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /**
     * @param text a line as printed
     * @return the parsed line; words without {@code =} are ignored
     */
    public static NodeLine parse(String text) {
        String[] words = text.strip().split(" +");
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq > 0) {
                fields.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
        }
        return new NodeLine(words[0], fields);
    }

    /**
     * @param tag   the tag
     * @param pairs alternating keys and values; values are printed with {@link String#valueOf(Object)}, spaces
     *              replaced by underscores
     * @return the line, ready to print
     */
    public static String format(String tag, Object... pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("pairs must alternate keys and values");
        }
        StringBuilder line = new StringBuilder(tag);
        for (int i = 0; i < pairs.length; i += 2) {
            line.append(' ').append(pairs[i]).append('=').append(String.valueOf(pairs[i + 1]).replace(' ', '_'));
        }
        return line.toString();
    }

    /** @return the field's text */
    public String text(String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new NoSuchElementException(tag + " line has no field '" + key + "': " + fields);
        }
        return value;
    }

    /** @return the field as a long */
    public long number(String key) {
        return Long.parseLong(text(key));
    }

    /** @return the field as a double */
    public double decimal(String key) {
        return Double.parseDouble(text(key));
    }
}
