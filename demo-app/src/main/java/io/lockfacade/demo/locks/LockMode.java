package io.lockfacade.demo.locks;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which {@link io.lockfacade.client.LockFacade} a demo node uses, chosen by the {@value #PROPERTY} property.
 * Each mode is one Spring configuration class; switching is the one-bean swap the project is about.
 */
public enum LockMode {

    /** No locking at all ({@link NoLock}): shows what the store does without a lock. */
    NONE(NoLockConfiguration.class),
    /** The article's single-JVM lock ({@code MemoryLock}): correct inside one node, useless across nodes. */
    MEMORY(MemoryLockConfiguration.class),
    /** {@code DistributeLock} against the master: correct across the cluster. */
    DISTRIBUTED(DistributedLockConfiguration.class);

    /** The property naming the mode: {@code none}, {@code memory} or {@code distributed}. */
    public static final String PROPERTY = "demo.lock";

    private final Class<?> configuration;

    LockMode(Class<?> configuration) {
        this.configuration = configuration;
    }

    /** @return the Spring configuration class defining this mode's {@code LockFacade} */
    public Class<?> configuration() {
        return configuration;
    }

    /** @return whether this mode needs a master */
    public boolean needsMaster() {
        return this == DISTRIBUTED;
    }

    /** @return the name used on command lines and in properties */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param text {@code none}, {@code memory} or {@code distributed}, in any case
     * @return the mode
     * @throws IllegalArgumentException naming the accepted values if {@code text} is none of them
     */
    public static LockMode parse(String text) {
        for (LockMode mode : values()) {
            if (mode.label().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("lock mode must be one of " + Arrays.stream(values())
                .map(LockMode::label).collect(Collectors.joining(", ")) + ", was \"" + text + "\"");
    }
}
