package io.lockfacade.spring.boot.autoconfigure.metrics;

import io.lockfacade.client.PrimitiveObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The meters of a {@code DistributeLock}'s semaphores and leaderships (Prometheus names in brackets):
 *
 * <ul>
 *   <li>{@value #PERMITS_HELD} gauge ({@code lockfacade_client_permits_held}): permits held by this node's threads
 *       now, over all semaphores;</li>
 *   <li>{@value #PERMITS_WAITING} gauge ({@code lockfacade_client_permits_waiting}): this node's threads waiting for
 *       permits now;</li>
 *   <li>{@value #ELECTED} and {@value #REVOKED} counters, tag {@code name}
 *       ({@code lockfacade_client_leadership_elected_total}, {@code ..._revoked_total}): terms this node's
 *       participants began and ended.</li>
 * </ul>
 *
 * <p>Leadership names are tags, as lock types are: at most {@link LockFacadeMetrics#MAX_LOCK_TYPES} of them, later
 * ones under {@value LockFacadeMetrics#OTHER_TYPES}.
 */
final class PrimitiveMeters implements PrimitiveObserver {

    static final String PERMITS_HELD = "lockfacade.client.permits.held";
    static final String PERMITS_WAITING = "lockfacade.client.permits.waiting";
    static final String ELECTED = "lockfacade.client.leadership.elected";
    static final String REVOKED = "lockfacade.client.leadership.revoked";

    private static final String NAME = "name";

    private final MeterRegistry registry;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong waiting = new AtomicLong();
    private final Map<String, Counter[]> byName = new ConcurrentHashMap<>();

    PrimitiveMeters(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder(PERMITS_HELD, held, AtomicLong::get).description("Semaphore permits held by this node's threads")
                .register(registry);
        Gauge.builder(PERMITS_WAITING, waiting, AtomicLong::get)
                .description("This node's threads waiting for semaphore permits").register(registry);
    }

    @Override
    public void permitsAcquired(String lockType, int permits) {
        held.addAndGet(permits);
    }

    @Override
    public void permitsReleased(String lockType, int permits) {
        held.addAndGet(-permits);
    }

    @Override
    public void permitWaiters(String lockType, int change) {
        waiting.addAndGet(change);
    }

    @Override
    public void elected(String name) {
        counters(name)[0].increment();
    }

    @Override
    public void revoked(String name) {
        counters(name)[1].increment();
    }

    private Counter[] counters(String name) {
        Counter[] counters = byName.get(name);
        if (counters != null) {
            return counters;
        }
        String tag = byName.size() < LockFacadeMetrics.MAX_LOCK_TYPES ? name : LockFacadeMetrics.OTHER_TYPES;
        return byName.computeIfAbsent(tag, t -> new Counter[] {
                Counter.builder(ELECTED).description("Terms of leadership this node's participants began")
                        .tag(NAME, t).register(registry),
                Counter.builder(REVOKED).description("Terms of leadership this node's participants ended")
                        .tag(NAME, t).register(registry)});
    }
}
