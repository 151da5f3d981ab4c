package io.lockfacade.client;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * A {@link LockObserver} that keeps running totals of a node's locks: how many its threads hold now, how many
 * were acquired, handed off locally and lost since it started. Thread-safe, lock-free, a few counters in all;
 * what a health check or a status line reads.
 */
public final class LockActivity implements LockObserver {

    private final LongAdder acquired = new LongAdder();
    private final LongAdder released = new LongAdder();
    private final LongAdder handoffs = new LongAdder();
    private final Map<LossReason, LongAdder> lost = new EnumMap<>(LossReason.class);

    /** Starts with every count at zero. */
    public LockActivity() {
        for (LossReason reason : LossReason.values()) {
            lost.put(reason, new LongAdder());
        }
    }

    @Override
    public void acquisitionEnded(String lockType, AcquisitionOutcome outcome, long waitNanos) {
        if (outcome == AcquisitionOutcome.ACQUIRED) {
            acquired.increment();
        }
    }

    @Override
    public void handedOff(String lockType) {
        handoffs.increment();
    }

    @Override
    public void released(String lockType, long heldNanos) {
        released.increment();
    }

    @Override
    public void lost(String lockType, LossReason reason) {
        lost.get(reason).increment();
    }

    /** @return how many locks threads of this node hold now (acquired and not yet released) */
    public long held() {
        return Math.max(0, acquired.sum() - released.sum());
    }

    /** @return how many acquisitions succeeded since start (re-entries not counted) */
    public long acquired() {
        return acquired.sum();
    }

    /** @return how many acquisitions were served by a local hand-off since start */
    public long handoffs() {
        return handoffs.sum();
    }

    /** @return how many held locks were found lost since start, all reasons together */
    public long lost() {
        return lost.values().stream().mapToLong(LongAdder::sum).sum();
    }

    /** @return how many held locks were found lost since start for this reason */
    public long lost(LossReason reason) {
        return lost.get(reason).sum();
    }
}
