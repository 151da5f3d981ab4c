package io.lockfacade.client.distributed;

import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.deadlock.DeadlockDetection;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
