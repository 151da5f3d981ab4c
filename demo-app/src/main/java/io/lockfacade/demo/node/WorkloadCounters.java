package io.lockfacade.demo.node;

import java.util.concurrent.atomic.LongAdder;

/** What a node's workers did, counted as they go; read by the progress reporter and the final report. */
public final class WorkloadCounters {

    final LongAdder operations = new LongAdder();
    final LongAdder transfers = new LongAdder();
    final LongAdder declined = new LongAdder();
    final LongAdder timedOut = new LongAdder();
    final LongAdder failed = new LongAdder();

    /** @return operations finished so far: deposits, transfers and declined transfers (not timeouts, not failures) */
    public long operations() {
        return operations.sum();
    }

    /** @return transfers that moved money */
    public long transfers() {
        return transfers.sum();
    }

    /** @return transfers refused for insufficient funds */
    public long declined() {
        return declined.sum();
    }

    /** @return operations that gave up waiting for a lock */
    public long timedOut() {
        return timedOut.sum();
    }

    /** @return operations that failed otherwise */
    public long failed() {
        return failed.sum();
    }
}
