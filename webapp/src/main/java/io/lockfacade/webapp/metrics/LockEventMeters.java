package io.lockfacade.webapp.metrics;

import io.lockfacade.server.service.LockEvents;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The lock service's events as meters, per lock type (bounded by {@link LockTypeTags}): {@value #GRANTS},
 * {@value #RELEASES}, {@value #EXPIRIES} and {@value #WAITS} count, {@value #GRANT_WAIT} times how long each new
 * grant waited (0 for one granted at once). The service calls these on its own threads, never under a table lock;
 * each is a map look-up and an atomic add.
 */
public final class LockEventMeters implements LockEvents {

    /** Counter: new grants (a fresh fencing token; not a holder's retried call), by type. */
    public static final String GRANTS = "lockfacade.master.grants";

    /** Counter: locks given up by their holder (unlock, closed session, undelivered grant), by type. */
    public static final String RELEASES = "lockfacade.master.releases";

    /** Counter: grants that ended without their holder (lease or session TTL ran out, operator removal), by type. */
    public static final String EXPIRIES = "lockfacade.master.expiries";

    /** Counter: tryLock calls parked behind a holder, by type. */
    public static final String WAITS = "lockfacade.master.waits";

    /** Timer: how long a new grant waited for its lock, by type. */
    public static final String GRANT_WAIT = "lockfacade.master.grant.wait";

    /** Counter: deadlocks found and broken (one victim each), by the type of the lock the victim waited for. */
    public static final String DEADLOCKS = "lockfacade.master.deadlocks";

    private static final Duration[] BUCKETS = MetricsLimits.TIME_BUCKETS.toArray(Duration[]::new);

    private final LockTypeTags types;
    private final Map<String, Counter> grants = new ConcurrentHashMap<>();
    private final Map<String, Counter> releases = new ConcurrentHashMap<>();
    private final Map<String, Counter> expiries = new ConcurrentHashMap<>();
    private final Map<String, Counter> waits = new ConcurrentHashMap<>();
    private final Map<String, Timer> grantWaits = new ConcurrentHashMap<>();
    private final Map<String, Counter> deadlocks = new ConcurrentHashMap<>();
    private final Function<String, Counter> newGrants;
    private final Function<String, Counter> newReleases;
    private final Function<String, Counter> newExpiries;
    private final Function<String, Counter> newWaits;
    private final Function<String, Timer> newGrantWait;
    private final Function<String, Counter> newDeadlocks;

    /**
     * @param registry where the meters go
     * @param types    the lock types' tags
     */
    public LockEventMeters(MeterRegistry registry, LockTypeTags types) {
        this.types = types;
        this.newGrants = counter(registry, GRANTS, "New grants, by lock type");
        this.newReleases = counter(registry, RELEASES, "Locks given up by their holder, by lock type");
        this.newExpiries = counter(registry, EXPIRIES,
                "Grants that ended without their holder (lease or session TTL, operator), by lock type");
        this.newWaits = counter(registry, WAITS, "tryLock calls parked behind a holder, by lock type");
        this.newDeadlocks = counter(registry, DEADLOCKS,
                "Deadlocks found and broken (one victim each), by the lock type the victim waited for");
        this.newGrantWait = tag -> Timer.builder(GRANT_WAIT).description("How long a new grant waited, by lock type")
                .tag("type", tag).serviceLevelObjectives(BUCKETS).register(registry);
    }

    private static Function<String, Counter> counter(MeterRegistry registry, String name, String description) {
        return tag -> Counter.builder(name).description(description).tag("type", tag).register(registry);
    }

    @Override
    public void granted(String lockType, long waitedNanos) {
        String tag = types.tagOf(lockType);
        grants.computeIfAbsent(tag, newGrants).increment();
        grantWaits.computeIfAbsent(tag, newGrantWait).record(waitedNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void released(String lockType) {
        releases.computeIfAbsent(types.tagOf(lockType), newReleases).increment();
    }

    @Override
    public void expired(String lockType) {
        expiries.computeIfAbsent(types.tagOf(lockType), newExpiries).increment();
    }

    @Override
    public void waiterParked(String lockType) {
        waits.computeIfAbsent(types.tagOf(lockType), newWaits).increment();
    }

    /** A deadlock was found and its victim told; {@code lockType} is what the victim waited for. */
    public void deadlockFound(String lockType) {
        deadlocks.computeIfAbsent(types.tagOf(lockType), newDeadlocks).increment();
    }
}
