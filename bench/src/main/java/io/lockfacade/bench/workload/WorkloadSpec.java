package io.lockfacade.bench.workload;

import java.time.Duration;
import java.util.Objects;

/**
 * What the threads of one client node do: lock and unlock, in a loop, either fresh keys of their own or one shared
 * key, holding each lock for a while and optionally pausing after each release.
 *
 * @param lockType the lock type of every key
 * @param shared   {@code true}: every thread uses {@link #SHARED_KEY}; {@code false}: every acquisition uses a
 *                 fresh key of its own thread
 * @param threads  how many threads
 * @param hold     how long each lock is held (zero: released at once)
 * @param coolOff  pause after each release before the next acquisition (zero: none)
 * @param log      whether to log every acquisition for {@link io.lockfacade.bench.stats.AcquisitionAnalysis}
 */
public record WorkloadSpec(String lockType, boolean shared, int threads, Duration hold, Duration coolOff,
                           boolean log) {

    /** The key all threads contend for in shared mode. */
    public static final String SHARED_KEY = "hot";

    /** Checks the values. */
    public WorkloadSpec {
        Objects.requireNonNull(lockType, "lockType");
        Objects.requireNonNull(hold, "hold");
        Objects.requireNonNull(coolOff, "coolOff");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive, was " + threads);
        }
    }

    /** @return the arguments that rebuild this spec in a child, see {@link #fromArgs} */
    public String[] toArgs() {
        return new String[] {lockType, Boolean.toString(shared), Integer.toString(threads),
                Long.toString(hold.toNanos()), Long.toString(coolOff.toNanos()), Boolean.toString(log)};
    }

    /**
     * @param args the arguments of {@link #toArgs()}, from {@code offset}
     * @return the spec
     */
    public static WorkloadSpec fromArgs(String[] args, int offset) {
        return new WorkloadSpec(args[offset], Boolean.parseBoolean(args[offset + 1]),
                Integer.parseInt(args[offset + 2]), Duration.ofNanos(Long.parseLong(args[offset + 3])),
                Duration.ofNanos(Long.parseLong(args[offset + 4])), Boolean.parseBoolean(args[offset + 5]));
    }
}
