package io.lockfacade.reliability.chaos;

import java.util.concurrent.atomic.AtomicLong;

/** A chaos node's counters, reported to the resource every second and at the end. */
final class NodeStats {

    final AtomicLong operations = new AtomicLong();
    final AtomicLong grants = new AtomicLong();
    final AtomicLong timeouts = new AtomicLong();
    final AtomicLong unavailable = new AtomicLong();
    final AtomicLong lost = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    final AtomicLong hangs = new AtomicLong();
    final AtomicLong reentries = new AtomicLong();

    /** @return the counters as {@code name=value} pairs, with the clock's figures */
    String line(NodeClock clock) {
        return "operations=" + operations.get() + " grants=" + grants.get() + " timeouts=" + timeouts.get()
                + " unavailable=" + unavailable.get() + " lost=" + lost.get() + " errors=" + errors.get()
                + " hangs=" + hangs.get() + " reentries=" + reentries.get()
                + " maxOverrunMillis=" + clock.maxOverrunMillis()
                + " pausedMillis=" + clock.pausedNanos() / 1_000_000;
    }
}
