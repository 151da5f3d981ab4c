package io.lockfacade.demo.node;

import io.lockfacade.demo.locks.LockMode;
import org.springframework.core.env.PropertyResolver;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * What a demo node does, read from the {@code demo.*} properties of its Spring {@code Environment} (the launcher
 * passes them as system properties).
 *
 * @param name       the node's name, e.g. {@code node-1}; also its lock owner id on the master
 * @param mode       which lock the node uses ({@value LockMode#PROPERTY})
 * @param store      the shared store's directory
 * @param accounts   how many accounts the store holds
 * @param threads    worker threads
 * @param operations operations to run in total on this node, or 0 to run for {@code duration}
 * @param duration   how long to run when {@code operations} is 0
 */
public record NodeSettings(String name, LockMode mode, Path store, int accounts, int threads, long operations,
                           Duration duration) {

    /** The node's name. */
    public static final String NAME = "demo.node";
    /** The store directory. */
    public static final String STORE = "demo.store";
    /** The number of accounts. */
    public static final String ACCOUNTS = "demo.accounts";
    /** Worker threads. */
    public static final String THREADS = "demo.threads";
    /** Operations per node; 0 means run for {@link #SECONDS}. */
    public static final String OPERATIONS = "demo.operations";
    /** Run time in seconds when no operation count is given. */
    public static final String SECONDS = "demo.seconds";

    /** Checks the values; messages name the property. */
    public NodeSettings {
        Objects.requireNonNull(name, NAME);
        Objects.requireNonNull(mode, LockMode.PROPERTY);
        Objects.requireNonNull(store, STORE);
        Objects.requireNonNull(duration, SECONDS);
        require(accounts >= 2, ACCOUNTS + " must be at least 2 (a transfer needs two accounts)");
        require(threads >= 1, THREADS + " must be at least 1");
        require(operations >= 0, OPERATIONS + " must not be negative");
        require(operations > 0 || !duration.isZero() && !duration.isNegative(),
                "either " + OPERATIONS + " or " + SECONDS + " must be positive");
    }

    /**
     * @return the settings found in {@code properties}
     * @throws IllegalArgumentException naming the property if one is missing or invalid
     */
    public static NodeSettings from(PropertyResolver properties) {
        return new NodeSettings(required(properties, NAME),
                LockMode.parse(required(properties, LockMode.PROPERTY)),
                Path.of(required(properties, STORE)),
                number(properties, ACCOUNTS).intValue(),
                number(properties, THREADS).intValue(),
                number(properties, OPERATIONS),
                Duration.ofSeconds(number(properties, SECONDS)));
    }

    /** @return whether the run ends after a number of operations rather than a time */
    public boolean countsOperations() {
        return operations > 0;
    }

    private static String required(PropertyResolver properties, String name) {
        String value = properties.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("property " + name + " is required");
        }
        return value.strip();
    }

    private static Long number(PropertyResolver properties, String name) {
        String value = required(properties, name);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, was \"" + value + "\"", e);
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
