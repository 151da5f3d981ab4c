package io.lockfacade.client.distributed;

import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.deadlock.DeadlockDetection;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link HeldByThread} names exactly what the current thread holds, in the order it took it. */
class HeldByThreadTest {

    private static final HeldLock A = new HeldLock("t", "a", 1);
    private static final HeldLock B = new HeldLock("t", "b", 2);
    private static final HeldLock C = new HeldLock("t", "c", 3);

    private final HeldByThread held = new HeldByThread(DeadlockDetection.DEFAULT);

    @Test
    void namesEveryGrantTakenAndNotReleased() {
        held.took("a", A);
        held.took("b", B);
        held.took("c", C);
        assertEquals(List.of(A, B, C), held.current());

        held.released("a");
        assertEquals(List.of(B, C), held.current());
        held.took("a", A);
        assertEquals(List.of(A, B, C), held.current(), "a free first place is used again");
        held.released("b");
        held.released("a");
        held.released("c");
        assertEquals(List.of(), held.current());
    }

    @Test
    void aGrantTakenAgainReplacesItsEntry() {
        held.took("a", A);
        held.took("b", B);
        held.released("a");
        HeldLock newerB = new HeldLock("t", "b", 4);
        held.took("b", newerB);
        assertEquals(List.of(newerB), held.current());
    }

    @Test
    void grantsBeyondTheSlotsAreNamedToo() {
        List<HeldLock> six = IntStream.range(0, 6).mapToObj(n -> new HeldLock("t", "k" + n, n + 1L)).toList();
        six.forEach(lock -> held.took(lock.key(), lock));
        assertEquals(six, held.current());

        held.released("k1");
        held.released("k5");
        held.took("k5", six.get(5)); // the order of the claims does not matter to the master
        List<HeldLock> named = held.current();
        assertEquals(5, named.size(), named::toString);
        assertEquals(Set.of(six.get(0), six.get(2), six.get(3), six.get(4), six.get(5)), Set.copyOf(named));
        six.forEach(lock -> held.released(lock.key()));
        assertEquals(List.of(), held.current());
    }

    /**
     * The record is written inside the lock's critical section: a thread that holds one lock while it takes and
     * releases another (each thread of bench S10 does) must not allocate for it.
     */
    @Test
    void holdingOneGrantWhileTakingAnotherAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        held.took("own", A);
        for (int pair = 0; pair < 20_000; pair++) { // compiled before it is measured
            held.took("hot", B);
            held.released("hot");
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int pair = 0; pair < 10_000; pair++) {
            held.took("hot", B);
            held.released("hot");
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 10_000, allocated + " bytes for 10,000 pairs"); // a map entry each: 400,000
    }

    @Test
    void eachThreadNamesOnlyItsOwn() throws Exception {
        held.took("a", A);
        List<HeldLock> other = CompletableFuture.supplyAsync(() -> {
            held.took("b", B);
            return held.current();
        }).get();
        assertEquals(List.of(B), other);
        assertEquals(List.of(A), held.current());
    }

    @Test
    void withDetectionOffNothingIsRecorded() {
        HeldByThread off = new HeldByThread(DeadlockDetection.OFF);
        off.took("a", A);
        assertEquals(List.of(), off.current());
    }
}
