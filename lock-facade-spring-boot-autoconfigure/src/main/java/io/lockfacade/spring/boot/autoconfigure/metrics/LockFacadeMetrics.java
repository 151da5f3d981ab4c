package io.lockfacade.spring.boot.autoconfigure.metrics;

import io.lockfacade.client.LockObserver;
import io.lockfacade.client.PrimitiveObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records what a {@code DistributeLock} does in a Micrometer {@link MeterRegistry}. Meter names (Prometheus names
 * in brackets):
 *
 * <ul>
 *   <li>{@value #ACQUISITIONS} timer, tags {@code type}, {@code outcome} = {@code acquired} | {@code timed_out} |
 *       {@code failed} ({@code lockfacade_client_acquisitions_seconds}): how long acquisitions took;</li>
 *   <li>{@value #HOLD} timer, tag {@code type} ({@code lockfacade_client_hold_seconds}): how long locks were
 *       held;</li>
 *   <li>{@value #HELD} gauge ({@code lockfacade_client_locks_held}): locks held by this node's threads now;</li>
 *   <li>{@value #HANDOFFS} counter, tag {@code type} ({@code lockfacade_client_handoffs_total}): acquisitions
 *       served by a local hand-off, without a remote call;</li>
 *   <li>{@value #REMOTE_CALLS} timer, tags {@code method}, {@code outcome} = {@code answered} | {@code refused} |
 *       {@code failed} ({@code lockfacade_client_remote_calls_seconds}): calls to the master;</li>
 *   <li>{@value #LOST} counter, tags {@code type}, {@code reason} = {@code session_ended} |
 *       {@code session_timed_out} | {@code removed} ({@code lockfacade_client_locks_lost_total});</li>
 *   <li>{@value #DEADLOCK_VICTIMS} counter, tag {@code type} ({@code lockfacade_client_deadlock_victims_total}):
 *       this node's threads told {@code DeadlockException}, by the type of the lock they waited for.</li>
 * </ul>
 *
 * <p>Semaphores and leaderships: see {@link PrimitiveMeters} ({@code lockfacade.client.permits.held},
 * {@code lockfacade.client.permits.waiting}, {@code lockfacade.client.leadership.elected} and {@code .revoked}).
 *
 * <p>Series stay few: tags carry lock types (chosen by the code), never keys (data). A client that makes types from
 * data would still create at most {@link #MAX_LOCK_TYPES} type tags; later types share the tag {@value #OTHER_TYPES}.
 */
public final class LockFacadeMetrics implements LockObserver, PrimitiveObserver {

    /** Timer of acquisitions. */
    public static final String ACQUISITIONS = "lockfacade.client.acquisitions";
    /** Timer of the time locks were held. */
    public static final String HOLD = "lockfacade.client.hold";
    /** Gauge of the locks held now. */
    public static final String HELD = "lockfacade.client.locks.held";
    /** Counter of local hand-offs. */
    public static final String HANDOFFS = "lockfacade.client.handoffs";
    /** Timer of calls to the master. */
    public static final String REMOTE_CALLS = "lockfacade.client.remote.calls";
    /** Counter of locks found lost. */
    public static final String LOST = "lockfacade.client.locks.lost";
    /** Counter of deadlock victims. */
    public static final String DEADLOCK_VICTIMS = "lockfacade.client.deadlock.victims";

    /** Most distinct lock types tagged; later ones are counted under {@value #OTHER_TYPES}. */
    public static final int MAX_LOCK_TYPES = 200;
    /** The type tag of lock types beyond {@link #MAX_LOCK_TYPES}. */
    public static final String OTHER_TYPES = "_other";

    private static final String TYPE = "type";
    private static final String OUTCOME = "outcome";
    private static final String METHOD = "method";
    private static final String REASON = "reason";

    private final MeterRegistry registry;
    private final AtomicLong held = new AtomicLong();
    private final Map<String, TypeMeters> byType = new ConcurrentHashMap<>();
    private final Map<String, Map<RemoteCallOutcome, Timer>> byMethod = new ConcurrentHashMap<>();
    private final PrimitiveMeters primitives;

    /** @param registry where the meters are registered; the gauge at once, the others on first use */
    public LockFacadeMetrics(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        Gauge.builder(HELD, held, AtomicLong::get)
                .description("Locks held by this node's threads now")
                .register(registry);
        this.primitives = new PrimitiveMeters(registry);
    }

    @Override
    public void permitsAcquired(String lockType, int permits) {
        primitives.permitsAcquired(lockType, permits);
    }

    @Override
    public void permitsReleased(String lockType, int permits) {
        primitives.permitsReleased(lockType, permits);
    }

    @Override
    public void permitWaiters(String lockType, int change) {
        primitives.permitWaiters(lockType, change);
    }

    @Override
    public void elected(String name) {
        primitives.elected(name);
    }

    @Override
    public void revoked(String name) {
        primitives.revoked(name);
    }

    @Override
    public void acquisitionEnded(String lockType, AcquisitionOutcome outcome, long waitNanos) {
        meters(lockType).acquisitions.get(outcome).record(waitNanos, TimeUnit.NANOSECONDS);
        if (outcome == AcquisitionOutcome.ACQUIRED) {
            held.incrementAndGet();
        }
    }

    @Override
    public void handedOff(String lockType) {
        meters(lockType).handoffs.increment();
    }

    @Override
    public void released(String lockType, long heldNanos) {
        meters(lockType).hold.record(heldNanos, TimeUnit.NANOSECONDS);
        held.decrementAndGet();
    }

    @Override
    public void lost(String lockType, LossReason reason) {
        meters(lockType).lost.get(reason).increment();
    }

    @Override
    public void deadlockVictim(String lockType) {
        meters(lockType).deadlockVictims.increment();
    }

    @Override
    public void remoteCallEnded(String method, RemoteCallOutcome outcome, long nanos) {
        byMethod.computeIfAbsent(method, this::remoteCallTimers).get(outcome).record(nanos, TimeUnit.NANOSECONDS);
    }

    private TypeMeters meters(String lockType) {
        TypeMeters meters = byType.get(lockType);
        if (meters != null) {
            return meters;
        }
        String tag = byType.size() < MAX_LOCK_TYPES ? lockType : OTHER_TYPES;
        return byType.computeIfAbsent(tag, TypeMeters::new);
    }

    private Map<RemoteCallOutcome, Timer> remoteCallTimers(String method) {
        Map<RemoteCallOutcome, Timer> timers = new EnumMap<>(RemoteCallOutcome.class);
        for (RemoteCallOutcome outcome : RemoteCallOutcome.values()) {
            timers.put(outcome, Timer.builder(REMOTE_CALLS).description("Calls to the lock master")
                    .tag(METHOD, method).tag(OUTCOME, tagValue(outcome)).register(registry));
        }
        return timers;
    }

    private static String tagValue(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** The meters of one lock type, made together on its first event. */
    private final class TypeMeters {
        final Map<AcquisitionOutcome, Timer> acquisitions = new EnumMap<>(AcquisitionOutcome.class);
        final Timer hold;
        final Counter handoffs;
        final Map<LossReason, Counter> lost = new EnumMap<>(LossReason.class);
        final Counter deadlockVictims;

        TypeMeters(String type) {
            for (AcquisitionOutcome outcome : AcquisitionOutcome.values()) {
                acquisitions.put(outcome, Timer.builder(ACQUISITIONS).description("Lock acquisitions and their wait")
                        .tag(TYPE, type).tag(OUTCOME, tagValue(outcome)).register(registry));
            }
            hold = Timer.builder(HOLD).description("Time locks were held").tag(TYPE, type).register(registry);
            handoffs = Counter.builder(HANDOFFS).description("Acquisitions served by a local hand-off")
                    .tag(TYPE, type).register(registry);
            deadlockVictims = Counter.builder(DEADLOCK_VICTIMS).description("Threads told DeadlockException")
                    .tag(TYPE, type).register(registry);
            for (LossReason reason : LossReason.values()) {
                lost.put(reason, Counter.builder(LOST).description("Held locks found lost")
                        .tag(TYPE, type).tag(REASON, tagValue(reason)).register(registry));
            }
        }
    }
}
