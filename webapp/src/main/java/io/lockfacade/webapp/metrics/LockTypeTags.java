package io.lockfacade.webapp.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns lock types into tag values with a bound on how many there are: the first {@code limit} distinct types
 * keep their name, every later one reads {@value MetricsLimits#OTHER_TYPE} (as does a type named "other"). A
 * type named once keeps its name for the life of the master, so a series never changes name; only named types
 * are remembered. Thread-safe; lookups of a known type take no lock.
 *
 * <p>Only types the service has accepted (checked by {@link io.lockfacade.api.LockArguments}) may be passed in:
 * a tag must never carry a value a client could not lock.
 */
public final class LockTypeTags {

    private final int limit;
    private final Map<String, String> tags = new ConcurrentHashMap<>();
    private final AtomicInteger named = new AtomicInteger();

    /** @param limit how many types keep their own name; at least 0 */
    public LockTypeTags(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        }
        this.limit = limit;
    }

    /** @return the bound used by the master, {@link MetricsLimits#MAX_TAGGED_TYPES} */
    public static LockTypeTags bounded() {
        return new LockTypeTags(MetricsLimits.MAX_TAGGED_TYPES);
    }

    /**
     * @param lockType an accepted lock type
     * @return its tag: the type itself while fewer than {@code limit} types are named, else
     *         {@value MetricsLimits#OTHER_TYPE}
     */
    public String tagOf(String lockType) {
        String known = tags.get(lockType);
        if (known != null) {
            return known;
        }
        if (named.get() >= limit) {
            return MetricsLimits.OTHER_TYPE;
        }
        // A null from the function stores nothing: only named types are remembered, so memory stays bounded.
        String claimed = tags.computeIfAbsent(lockType, type -> claimName() ? type : null);
        return claimed != null ? claimed : MetricsLimits.OTHER_TYPE;
    }

    private boolean claimName() {
        int current;
        do {
            current = named.get();
            if (current >= limit) {
                return false;
            }
        } while (!named.compareAndSet(current, current + 1));
        return true;
    }
}
