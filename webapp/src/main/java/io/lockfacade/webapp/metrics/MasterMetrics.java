package io.lockfacade.webapp.metrics;

import io.lockfacade.server.deadlock.DeadlockLog;
import io.lockfacade.server.service.LiveTable;
import io.lockfacade.server.table.PrimitivesListing;
import io.lockfacade.server.service.LockEvents;
import io.lockfacade.server.transport.CallObserver;
import io.lockfacade.group.raft.LogWrites;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.jetty.JettyServerThreadPoolMetrics;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.eclipse.jetty.util.thread.ThreadPool;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The master's meters in a Micrometer {@link PrometheusMeterRegistry}, rendered by it in the Prometheus text
 * format (or OpenMetrics) at {@code /admin/metrics}.
 *
 * <ul>
 *   <li>the lock service's events: {@link LockEventMeters} (grants, releases, expiries, waits, wait until a
 *       grant, per lock type);</li>
 *   <li>the lock table: {@value #LOCKS_HELD}, read at scrape time;</li>
 *   <li>read-write locks, semaphores and leaderships: {@link PrimitiveGauges}, read at scrape time;</li>
 *   <li>deadlocks found and broken, per lock type ({@value LockEventMeters#DEADLOCKS});</li>
 *   <li>the Hessian endpoint: {@link CallMetrics}, {@value #WAITERS} and {@value #LONGEST_WAIT};</li>
 *   <li>Jetty's request threads ({@code jetty_threads_busy}, {@code _current}, {@code _config_max}, ...);</li>
 *   <li>on a group member, the replicated table's {@value #LOCKS_HELD} (on the leader) and its Raft log:
 *       {@value #LOG_APPENDS} and {@value #LOG_ENTRIES} (entries per fsync);</li>
 *   <li>the JVM: memory, GC pauses, threads, class loading, CPU and uptime.</li>
 * </ul>
 * Made in two steps, since the service needs the events before the table and the server exist:
 * {@link #create()}, then {@link #bind} once they do. Close it when the master stops (it unhooks the GC
 * listener).
 */
public final class MasterMetrics implements AutoCloseable {

    /** Gauge: locks held now. */
    public static final String LOCKS_HELD = "lockfacade.master.locks.held";

    /** Gauge: tryLock calls parked at the endpoint now. */
    public static final String WAITERS = "lockfacade.master.waiters";

    /** Time gauge: how long the longest parked call has waited. */
    public static final String LONGEST_WAIT = "lockfacade.master.longest.wait";

    /** Counter: appends to a group member's Raft log since it started (with fsync on, each one disk force). */
    public static final String LOG_APPENDS = "lockfacade.group.log.appends";

    /** Counter: entries those appends carried; its rate over {@value #LOG_APPENDS}'s is entries per fsync. */
    public static final String LOG_ENTRIES = "lockfacade.group.log.entries";

    /**
     * Counter: commands the entries this member applied carried; its rate over {@value #LOG_ENTRIES}'s is the
     * requests that shared one entry (group commit on the leader).
     */
    public static final String LOG_COMMANDS = "lockfacade.group.log.commands";

    private final PrometheusMeterRegistry registry;
    private final WaitingCalls waiting;
    private final CallMetrics calls;
    private final LockEventMeters events;
    private final JvmGcMetrics gc;
    /** Held here: gauges and function counters keep only a weak reference to what they read. */
    private Supplier<LogWrites> groupLog;
    private DoubleSupplier groupLocksHeld;
    private PrimitiveGauges primitiveGauges;

    private MasterMetrics(PrometheusMeterRegistry registry, WaitingCalls waiting,
                          CallMetrics calls, LockEventMeters events, JvmGcMetrics gc) {
        this.registry = registry;
        this.waiting = waiting;
        this.calls = calls;
        this.events = events;
        this.gc = gc;
    }

    /** @return the meters that need no table or server: events, calls, waiters and the JVM */
    public static MasterMetrics create() {
        LongSupplier nanoClock = System::nanoTime;
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        LockTypeTags types = LockTypeTags.bounded();
        WaitingCalls waiting = new WaitingCalls(nanoClock);
        CallMetrics calls = new CallMetrics(registry, types, waiting, nanoClock);
        LockEventMeters events = new LockEventMeters(registry, types);
        Gauge.builder(WAITERS, waiting, WaitingCalls::count)
                .description("tryLock calls parked at the master, waiting for a lock").register(registry);
        TimeGauge.builder(LONGEST_WAIT, waiting, TimeUnit.NANOSECONDS, WaitingCalls::longestWaitNanos)
                .description("How long the longest parked tryLock call has waited").register(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        return new MasterMetrics(registry, waiting, calls, events, gc);
    }

    /**
     * Adds the meters read from the lock table and Jetty's thread pool.
     *
     * @param table       the master's lock table
     * @param requestPool Jetty's request thread pool
     */
    public void bind(LiveTable table, ThreadPool requestPool) {
        Gauge.builder(LOCKS_HELD, table, LiveTable::size)
                .description("Locks held now (one whose lease just ran out counts until it is freed)")
                .register(registry);
        new JettyServerThreadPoolMetrics(requestPool, List.of()).bindTo(registry);
    }

    /**
     * Adds a group member's meters: {@value #LOCKS_HELD} from the replicated table, served by the leader (NaN on a
     * follower, so that a sum over the members counts each lock once), Jetty's request threads, and its Raft log
     * counters ({@value #LOG_APPENDS}, {@value #LOG_ENTRIES}), all read at scrape time.
     *
     * @param locksHeldOnLeader locks held now if this member leads, else NaN
     * @param requestPool       Jetty's request thread pool
     * @param writes            the member's log counts since it started
     */
    public void bindGroup(DoubleSupplier locksHeldOnLeader, ThreadPool requestPool, Supplier<LogWrites> writes) {
        this.groupLocksHeld = locksHeldOnLeader;
        this.groupLog = writes;
        Gauge.builder(LOCKS_HELD, locksHeldOnLeader, DoubleSupplier::getAsDouble)
                .description("Locks held now, from the replicated table; NaN on a member that does not lead")
                .register(registry);
        new JettyServerThreadPoolMetrics(requestPool, List.of()).bindTo(registry);
        FunctionCounter.builder(LOG_APPENDS, writes, w -> w.get().appends())
                .description("Appends to this member's Raft log (with fsync on, one disk force each)")
                .register(registry);
        FunctionCounter.builder(LOG_ENTRIES, writes, w -> w.get().entries())
                .description("Entries appended to this member's Raft log; per append, the entries one force shared")
                .register(registry);
        FunctionCounter.builder(LOG_COMMANDS, writes, w -> w.get().commands())
                .description("Commands the entries this member applied carried; per entry, the requests one shared")
                .register(registry);
    }

    /**
     * Adds the gauges of read-write locks, semaphores and leaderships ({@link PrimitiveGauges}).
     *
     * @param primitives the table's primitives now, or empty where this master does not serve them (a follower)
     */
    public void bindPrimitives(Supplier<Optional<PrimitivesListing>> primitives) {
        this.primitiveGauges = PrimitiveGauges.register(registry, primitives);
    }

    /** Counts the deadlocks {@code found} records from now on, by the type of the lock each victim waited for. */
    public void countDeadlocks(DeadlockLog found) {
        found.onFound(deadlock -> events.deadlockFound(deadlock.lockType()));
    }

    /** @return what the lock service reports its grants, releases, expiries and waits to */
    public LockEvents lockEvents() {
        return events;
    }

    /** @return what the Hessian endpoint reports its calls to */
    public CallObserver callObserver() {
        return calls;
    }

    /** @return the calls parked now, for the activity panel */
    public WaitingCalls waiting() {
        return waiting;
    }

    /**
     * @param contentType the format: the Prometheus text format 0.0.4 or OpenMetrics 1.0.0 (see
     *                    {@link ScrapeFormat})
     * @return every meter, rendered by the registry
     */
    public String scrape(String contentType) {
        return registry.scrape(contentType);
    }

    /** Unhooks the GC listener and closes the registry. */
    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
