package io.lockfacade.server.testing;

import org.junit.jupiter.api.Assumptions;

import java.lang.management.ManagementFactory;

/**
 * Measures a table's memory per held lock the same way wherever it is asked (the single master's and a group
 * member's): the heap in use after full GCs, read until two readings agree, around a fill like the benchmark's S5
 * (fresh key strings, {@link #OWNERS} repeating owners, {@link #GRANTS_PER_MILLI} grants per millisecond of a
 * hand-moved clock, leases of {@link #LEASE_MILLIS}).
 */
public final class HeapMeter {

    /** How many distinct owners the fill repeats. */
    public static final int OWNERS = 1_000;
    /** How many grants the fill makes per millisecond of its clock. */
    public static final int GRANTS_PER_MILLI = 250;
    /** The lease (or session TTL) of the fill's grants: far longer than the test. */
    public static final long LEASE_MILLIS = 600_000;
    /** Two readings of an unchanged heap after full GCs that differ by more than this have not settled. */
    private static final long SETTLED_BYTES = 256 * 1024;
    private static final int GC_ROUNDS = 4;
    private static final int READINGS = 6;
    private static final long GC_PAUSE_MILLIS = 50;

    private HeapMeter() {
    }

    /** @return heap in use after full GCs, once two readings agree; aborts (skips) the test if they never do */
    public static long settledHeap() throws InterruptedException {
        long previous = heapAfterGc();
        for (int i = 0; i < READINGS; i++) {
            long reading = heapAfterGc();
            if (Math.abs(reading - previous) <= SETTLED_BYTES) {
                return Math.max(reading, previous);
            }
            previous = reading;
        }
        Assumptions.abort("heap did not settle after full GCs; cannot measure memory per lock here");
        return previous;
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < GC_ROUNDS; i++) {
            System.gc();
            Thread.sleep(GC_PAUSE_MILLIS);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
