package io.lockfacade.webapp.metrics;

import io.lockfacade.server.transport.CallObserver;
import io.lockfacade.server.transport.HessianCall;
import io.lockfacade.server.transport.RemoteMethod;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;

/**
 * The Hessian endpoint's calls as meters: {@value #CALLS}, a timer per method and outcome from the decoded call
 * to the service's answer, waits included. Parked calls are followed in {@link WaitingCalls}, by lock-type tag.
 * Tags: {@code method} and {@code outcome} ({@link CallOutcome}); never lock types, keys or owners.
 */
public final class CallMetrics implements CallObserver {

    /** Timer of every call, tagged {@code method} and {@code outcome}. */
    public static final String CALLS = "lockfacade.master.calls";

    private static final Duration[] BUCKETS = MetricsLimits.TIME_BUCKETS.toArray(Duration[]::new);
    private static final int OUTCOMES = CallOutcome.values().length;

    private final MeterRegistry registry;
    private final LockTypeTags types;
    private final WaitingCalls waiting;
    private final LongSupplier nanoClock;
    private final AtomicReferenceArray<Timer> callTimers =
            new AtomicReferenceArray<>(RemoteMethod.values().length * OUTCOMES);

    /**
     * @param registry  where the meters go
     * @param types     the lock types' tags
     * @param waiting   where parked calls are followed
     * @param nanoClock a monotonic clock in nanoseconds
     */
    public CallMetrics(MeterRegistry registry, LockTypeTags types, WaitingCalls waiting, LongSupplier nanoClock) {
        this.registry = registry;
        this.types = types;
        this.waiting = waiting;
        this.nanoClock = nanoClock;
    }

    @Override
    public Trace started(HessianCall call) {
        return new CallTrace(call, nanoClock.getAsLong());
    }

    private Timer callTimer(RemoteMethod method, CallOutcome outcome) {
        int slot = method.ordinal() * OUTCOMES + outcome.ordinal();
        Timer timer = callTimers.get(slot);
        if (timer == null) {
            // Registering twice returns the same timer, so a race here is harmless.
            timer = Timer.builder(CALLS).description("Hessian calls answered by the master, by method and outcome")
                    .tag("method", method.wireName()).tag("outcome", outcome.tag())
                    .serviceLevelObjectives(BUCKETS).register(registry);
            callTimers.set(slot, timer);
        }
        return timer;
    }

    /** One call, from decoding to its answer. */
    private final class CallTrace implements Trace {
        private final HessianCall call;
        private final long startedNanos;
        private volatile WaitingCalls.Wait wait;

        CallTrace(HessianCall call, long startedNanos) {
            this.call = call;
            this.startedNanos = startedNanos;
        }

        @Override
        public void parked() {
            // The service accepted the call, so its lock type (argument 0 of both tryLock methods) is valid.
            wait = waiting.begin(types.tagOf(call.string(0)));
        }

        @Override
        public void finished(Object result, Throwable failure) {
            long elapsed = nanoClock.getAsLong() - startedNanos;
            WaitingCalls.Wait parked = wait;
            if (parked != null) {
                waiting.end(parked);
            }
            CallOutcome outcome = CallOutcome.of(call.method(), result, failure);
            callTimer(call.method(), outcome).record(elapsed, TimeUnit.NANOSECONDS);
        }
    }
}
