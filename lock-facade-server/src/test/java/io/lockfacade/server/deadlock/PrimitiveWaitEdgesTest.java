package io.lockfacade.server.deadlock;

import io.lockfacade.server.table.HolderView;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The master's wait-for graph over read-write lock and semaphore waits, on a hand-set clock and hand-set grants:
 * a reader waits for the writer, a writer for the writer and every reader, a permit wait for the holders it cannot
 * do without; cycles through such edges are found, and waits that some release outside the cycle could end are not.
 */
class PrimitiveWaitEdgesTest {

    private static final long CHECK_MILLIS = 100;
    private static final LockKey MUTEX = new LockKey("accounts", "m");
    private static final LockKey RW = new LockKey("ledger", "rw");
    private static final LockKey SEM = new LockKey("pool", "sem");
    private static final String A = "n1:a#1";
    private static final String B = "n2:b#2";
    private static final String C = "n3:c#3";

    private final AtomicLong clock = new AtomicLong(1_000);
    private final HandSetGrants grants = new HandSetGrants();
    private final DeadlockWatch watch = new DeadlockWatch(grants, clock::get);
    private long waiterIds;

    @Test
    void aReaderWaitingForAWriterThatWaitsForTheReadersMutexIsACycle() {
        grants.mutexes.put(MUTEX, 1L);
        grants.readWrites.put(RW, readWrite(holder(B, 2, 1), List.of()));
        waits(A, new WaitTarget(WaitTarget.Kind.READ, RW, 1, A), 1);
        waits(B, WaitTarget.lock(MUTEX, B), 2);

        DeadlockWatch.Victim victim = onlyVictim();
        assertEquals(B, victim.owner(), "the youngest wait");
        assertEquals("deadlock: n1:a#1 waits for ledger/rw (read) held by n2:b#2, n2:b#2 waits for accounts/m held by"
                + " n1:a#1; victim n2:b#2 (the youngest wait)", victim.message());
    }

    @Test
    void aReaderDoesNotWaitForOtherReaders() {
        grants.mutexes.put(MUTEX, 1L);
        grants.readWrites.put(RW, readWrite(null, List.of(holder(B, 2, 1))));
        waits(A, new WaitTarget(WaitTarget.Kind.READ, RW, 1, A), 1); // queued behind some waiting writer
        waits(B, WaitTarget.lock(MUTEX, B), 2);

        assertEquals(List.of(), checkAll(), "b reads, which never keeps a reader out");
    }

    @Test
    void aWriterWaitsForEveryReaderSoOneWaitingReaderClosesTheCycle() {
        grants.mutexes.put(MUTEX, 1L);
        grants.readWrites.put(RW, readWrite(null, List.of(holder(B, 2, 1), holder(C, 3, 1))));
        waits(A, new WaitTarget(WaitTarget.Kind.WRITE, RW, 1, A), 1);
        waits(C, WaitTarget.lock(MUTEX, C), 3); // b reads on without waiting: it cannot let a in while c reads

        DeadlockWatch.Victim victim = onlyVictim();
        assertEquals(C, victim.owner());
        assertTrue(victim.message().contains("ledger/rw (write) held by n3:c#3"), victim.message());
    }

    @Test
    void aWriterWaitingForReadersThatWaitForNothingIsNoDeadlock() {
        grants.mutexes.put(MUTEX, 1L);
        grants.readWrites.put(RW, readWrite(null, List.of(holder(B, 2, 1))));
        waits(A, new WaitTarget(WaitTarget.Kind.WRITE, RW, 1, A), 1);
        waits(C, WaitTarget.lock(MUTEX, C), 4); // c holds some other grant, not b's read lock

        assertEquals(List.of(), checkAll());
    }

    @Test
    void twoHoldersOfAFullSemaphoreEachWaitingForMoreAreACycle() {
        grants.semaphores.put(SEM, semaphore(2, holder(A + "/s1", 1, 1), holder(B + "/s2", 2, 1)));
        waits(A + "/s3", permits(A + "/s3", 1), 1);
        waits(B + "/s4", permits(B + "/s4", 1), 2);

        DeadlockWatch.Victim victim = onlyVictim();
        assertEquals(B + "/s4", victim.owner());
        assertTrue(victim.message().contains("pool/sem (1 permit) held by n2:b#2/s4"), victim.message());
    }

    @Test
    void aPermitWaitThatAHolderOutsideTheCycleCouldEndIsNoDeadlock() {
        grants.semaphores.put(SEM, semaphore(3, holder(A + "/s1", 1, 1), holder(B + "/s2", 2, 1),
                holder(C + "/s3", 3, 1)));
        waits(A + "/s4", permits(A + "/s4", 1), 1);
        waits(B + "/s5", permits(B + "/s5", 1), 2); // c may give its permit back: either wait can end

        assertEquals(List.of(), checkAll());
    }

    @Test
    void aPermitWaitThatEitherOfTwoHoldersCouldEndHasNoEdge() {
        grants.mutexes.put(MUTEX, 9L);
        grants.semaphores.put(SEM, semaphore(3, holder(B + "/s1", 2, 1), holder(C + "/s2", 3, 1)));
        waits(A + "/s3", permits(A + "/s3", 2), 9);
        waits(B, WaitTarget.lock(MUTEX, B), 2); // b waits for a; c is free to give its permit back

        assertEquals(List.of(), checkAll(), "capacity 3 less b's 1 leaves the 2 asked for, once c gives back");
    }

    @Test
    void aPermitWaitForTheWholeCapacityNeedsEveryHolder() {
        grants.mutexes.put(MUTEX, 9L);
        grants.semaphores.put(SEM, semaphore(3, holder(B + "/s1", 2, 1), holder(C + "/s2", 3, 1)));
        waits(A + "/s3", permits(A + "/s3", 3), 9);
        waits(B, WaitTarget.lock(MUTEX, B), 2);

        assertEquals(B, onlyVictim().owner(), "a needs all 3 permits, so b's too, whatever c does");
    }

    @Test
    void aHolderOfPermitsWaitingForAMutexHeldByAnIndispensableWaiterIsACycle() {
        grants.mutexes.put(MUTEX, 1L);
        grants.semaphores.put(SEM, semaphore(4, holder(B + "/s1", 2, 3)));
        waits(A + "/s2", permits(A + "/s2", 2), 1);
        waits(B, WaitTarget.lock(MUTEX, B), 2);

        assertEquals(B, onlyVictim().owner());
    }

    @Test
    void aCycleBrokenBeforeItsCheckIsNotReported() {
        grants.mutexes.put(MUTEX, 1L);
        grants.readWrites.put(RW, readWrite(holder(B, 2, 1), List.of()));
        waits(A, new WaitTarget(WaitTarget.Kind.READ, RW, 1, A), 1);
        waits(B, WaitTarget.lock(MUTEX, B), 2);
        grants.readWrites.put(RW, readWrite(null, List.of())); // b's write grant ended (an operator released it)

        assertEquals(List.of(), checkAll());
    }

    private DeadlockWatch.Victim onlyVictim() {
        List<DeadlockWatch.Victim> victims = checkAll();
        assertEquals(1, victims.size(), victims::toString);
        return victims.get(0);
    }

    private List<DeadlockWatch.Victim> checkAll() {
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(CHECK_MILLIS));
        return watch.checkDue();
    }

    private void waits(String thread, WaitTarget target, long... heldTokens) {
        watch.began(++waiterIds, thread, new HoldingCall(target, heldTokens, CHECK_MILLIS), new CompletableFuture<>());
    }

    private static WaitTarget permits(String holder, int permits) {
        return new WaitTarget(WaitTarget.Kind.PERMITS, SEM, permits, holder);
    }

    private static HolderView holder(String owner, long token, int permits) {
        return new HolderView(owner, token, "s", 0, permits, 1);
    }

    private static ReadWriteView readWrite(HolderView writer, List<HolderView> readers) {
        return new ReadWriteView(RW, writer, readers, 0, 0);
    }

    private static SemaphoreView semaphore(int capacity, HolderView... holders) {
        int held = List.of(holders).stream().mapToInt(HolderView::permits).sum();
        return new SemaphoreView(SEM, capacity, held, List.of(holders), 0, false);
    }

    /** Grants set by the test: each mutex's token, each read-write lock's and semaphore's picture. */
    private static final class HandSetGrants implements GrantLookup {
        private final Map<LockKey, Long> mutexes = new HashMap<>();
        private final Map<LockKey, ReadWriteView> readWrites = new HashMap<>();
        private final Map<LockKey, SemaphoreView> semaphores = new HashMap<>();

        @Override
        public OptionalLong tokenOf(LockKey lock) {
            Long token = mutexes.get(lock);
            return token == null ? OptionalLong.empty() : OptionalLong.of(token);
        }

        @Override
        public String holderOf(LockKey lock) {
            return null;
        }

        @Override
        public Optional<ReadWriteView> readWrite(LockKey lock) {
            return Optional.ofNullable(readWrites.get(lock));
        }

        @Override
        public Optional<SemaphoreView> semaphore(LockKey lock) {
            return Optional.ofNullable(semaphores.get(lock));
        }
    }
}
