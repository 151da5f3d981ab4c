package io.lockfacade.bench.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * Walks a benchmark main's command line option by option, {@code --flag} or {@code --name value}: each main's
 * options record names its own options and ranges, and this class turns a missing or malformed value into an
 * {@link IllegalArgumentException} that names the option.
 *
 * <pre>{@code
 * OptionReader options = new OptionReader(args);
 * while (options.hasNext()) {
 *     switch (options.next()) {
 *         case "--seconds" -> seconds = options.intValue();
 *         case "--out" -> out = options.pathValue();
 *         default -> throw options.unknown();
 *     }
 * }
 * }</pre>
 */
public final class OptionReader {

    private final List<String> args;
    private int next;
    private String option;

    /** @param args the command line */
    public OptionReader(String... args) {
        this.args = List.of(args);
    }

    /** @return whether another option follows */
    public boolean hasNext() {
        return next < args.size();
    }

    /** @return the next option, e.g. {@code --out}; its value, if it takes one, is read with the methods below */
    public String next() {
        option = args.get(next++);
        return option;
    }

    /**
     * @return the current option's value
     * @throws IllegalArgumentException if the command line ends before it
     */
    public String value() {
        if (!hasNext()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(next++);
    }

    /** @throws IllegalArgumentException if the value is missing or not a whole number an {@code int} holds */
    public int intValue() {
        long value = longValue();
        if (value != (int) value) {
            throw new IllegalArgumentException(option + " is too large: " + value);
        }
        return (int) value;
    }

    /** @throws IllegalArgumentException if the value is missing or not a whole number */
    public long longValue() {
        String value = value();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, not " + value, e);
        }
    }

    /** @throws IllegalArgumentException if the value is missing */
    public Path pathValue() {
        return Path.of(value());
    }

    /** @return the error for an option the main does not know, to throw */
    public IllegalArgumentException unknown() {
        return new IllegalArgumentException("unknown option " + option);
    }
}
