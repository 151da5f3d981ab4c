package io.lockfacade.webapp.metrics;

import io.lockfacade.server.table.LeadershipView;
import io.lockfacade.server.table.PrimitivesListing;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Gauges of the read-write locks, semaphores and leaderships, read at scrape time from one listing of the table
 * (taken once per scrape: the listing is reused for {@value #REUSE_NANOS} ns, so the gauges of one scrape agree).
 * Where the listing is empty (a group member that does not lead) they read NaN, so a sum over the members counts
 * each primitive once, as {@value MasterMetrics#LOCKS_HELD} does.
 */
final class PrimitiveGauges {

    /** Gauge: read-write locks held or waited for. */
    static final String READ_WRITE_LOCKS = "lockfacade.master.readwrite.locks";
    /** Gauge: read grants held, over every read-write lock. */
    static final String READERS = "lockfacade.master.readwrite.readers";
    /** Gauge: write grants held. */
    static final String WRITERS = "lockfacade.master.readwrite.writers";
    /** Gauge: calls waiting for a read or write grant. */
    static final String READ_WRITE_WAITERS = "lockfacade.master.readwrite.waiters";
    /** Gauge: semaphores held, waited for or with an operator's capacity. */
    static final String SEMAPHORES = "lockfacade.master.semaphores";
    /** Gauge: permits held, over every semaphore. */
    static final String PERMITS_HELD = "lockfacade.master.semaphore.permits.held";
    /** Gauge: calls waiting for permits. */
    static final String PERMIT_WAITERS = "lockfacade.master.semaphore.waiters";
    /** Gauge: leaderships with a leader. */
    static final String LEADERSHIPS = "lockfacade.master.leaderships";

    private static final long REUSE_NANOS = 500_000_000L;

    private final Supplier<Optional<PrimitivesListing>> source;
    private Optional<PrimitivesListing> last = Optional.empty();
    private long takenAtNanos;
    private boolean taken;

    private PrimitiveGauges(Supplier<Optional<PrimitivesListing>> source) {
        this.source = source;
    }

    /**
     * Registers the gauges.
     *
     * @param source the table's primitives now, or empty where this master does not serve them (a follower)
     * @return the gauges' state, which the caller keeps (gauges hold only a weak reference to it)
     */
    static PrimitiveGauges register(MeterRegistry registry, Supplier<Optional<PrimitivesListing>> source) {
        PrimitiveGauges gauges = new PrimitiveGauges(source);
        gauges.gauge(registry, READ_WRITE_LOCKS, "Read-write locks held or waited for",
                listing -> listing.readWriteLocks().size());
        gauges.gauge(registry, READERS, "Read grants held, over every read-write lock",
                listing -> listing.readWriteLocks().stream().mapToInt(lock -> lock.readers().size()).sum());
        gauges.gauge(registry, WRITERS, "Write grants held",
                listing -> listing.readWriteLocks().stream().filter(PrimitiveGauges::hasWriter).count());
        gauges.gauge(registry, READ_WRITE_WAITERS, "Calls waiting for a read or a write grant",
                listing -> listing.readWriteLocks().stream()
                        .mapToInt(lock -> lock.readersWaiting() + lock.writersWaiting()).sum());
        gauges.gauge(registry, SEMAPHORES, "Semaphores held, waited for or with an operator's capacity",
                listing -> listing.semaphores().size());
        gauges.gauge(registry, PERMITS_HELD, "Permits held, over every semaphore",
                listing -> listing.semaphores().stream().mapToInt(SemaphoreView::held).sum());
        gauges.gauge(registry, PERMIT_WAITERS, "Calls waiting for permits",
                listing -> listing.semaphores().stream().mapToInt(SemaphoreView::waiting).sum());
        gauges.gauge(registry, LEADERSHIPS, "Leaderships with a leader",
                listing -> listing.leaderships().stream().filter(PrimitiveGauges::hasLeader).count());
        return gauges;
    }

    private void gauge(MeterRegistry registry, String name, String description,
                       ToDoubleFunction<PrimitivesListing> value) {
        Gauge.builder(name, this, gauges -> gauges.listing().map(value::applyAsDouble).orElse(Double.NaN))
                .description(description).register(registry);
    }

    private synchronized Optional<PrimitivesListing> listing() {
        long now = System.nanoTime();
        if (!taken || now - takenAtNanos > REUSE_NANOS) {
            last = source.get();
            takenAtNanos = now;
            taken = true;
        }
        return last;
    }

    private static boolean hasWriter(ReadWriteView lock) {
        return lock.writer() != null;
    }

    private static boolean hasLeader(LeadershipView leadership) {
        return leadership.leader() != null;
    }
}
