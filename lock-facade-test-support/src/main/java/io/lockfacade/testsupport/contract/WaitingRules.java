package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.YieldOutcome;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Waiting calls: woken on release in arrival order, bounded by their wait and the cap; yield and hasWaiters. */
public interface WaitingRules extends ContractSubject {

    /** A wait no test reaches: the call is answered by a release, never by its wait running out. */
    long LONG_WAIT = 60_000;

    @Test
    default void aWaitingCallIsGrantedTheMomentTheHolderReleases() throws Exception {
        LockGrant first = master().tryLock(lockType(), "k", "alice", 0, 0);
        CompletableFuture<LockGrant> bob = tryLockAside("k", "bob", LONG_WAIT);
        awaitWaiting("k");

        assertTrue(master().unlock(lockType(), "k", "alice"));

        LockGrant second = bob.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals("bob", second.getOwner());
        assertTrue(second.getFencingToken() > first.getFencingToken());
    }

    @Test
    default void waitingCallsAreServedFirstComeFirstServed() throws Exception {
        master().tryLock(lockType(), "k", "alice", 0, 0);
        CompletableFuture<LockGrant> bob = tryLockAside("k", "bob", LONG_WAIT);
        awaitWaiting("k");
        CompletableFuture<LockGrant> carol = tryLockAside("k", "carol", LONG_WAIT);
        awaitWaiting("k", 2);

        assertTrue(master().unlock(lockType(), "k", "alice"));
        LockGrant bobs = bob.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertFalse(carol.isDone(), "carol came after bob");
        awaitWaiting("k");
        assertTrue(master().unlock(lockType(), "k", "bob"));

        LockGrant carols = carol.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals("carol", carols.getOwner());
        assertTrue(carols.getFencingToken() > bobs.getFencingToken());
    }

    @Test
    default void anOwnerWaitsOnceItsRetryReplacesItsEarlierCall() throws Exception {
        master().tryLock(lockType(), "k", "alice", 0, 0);
        CompletableFuture<LockGrant> first = tryLockAside("k", "bob", LONG_WAIT);
        awaitWaiting("k");

        CompletableFuture<LockGrant> retry = tryLockAside("k", "bob", LONG_WAIT);

        assertNull(first.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS), "answered not granted");
        awaitWaiting("k", 1);
        assertTrue(master().unlock(lockType(), "k", "alice"));
        assertEquals("bob", retry.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
    }

    @Test
    default void aCallWhoseWaitEndsIsAnsweredNullAndTheHolderKeepsTheLock() {
        LockGrant held = master().tryLock(lockType(), "k", "alice", 0, 0);
        long startNanos = System.nanoTime();

        assertNull(master().tryLock(lockType(), "k", "bob", 0, 300));

        assertTrue(System.nanoTime() - startNanos >= TimeUnit.MILLISECONDS.toNanos(300), "waited its time");
        assertFalse(master().hasWaiters(lockType(), "k"), "the call left the queue");
        assertEquals(held.getFencingToken(), master().tryLock(lockType(), "k", "alice", 0, 0).getFencingToken());
    }

    @Test
    default void aCallWaitsNoLongerThanTheMastersCap() {
        master().tryLock(lockType(), "k", "alice", 0, 0);
        long startNanos = System.nanoTime();

        assertNull(master().tryLock(lockType(), "k", "bob", 0, TimeUnit.HOURS.toMillis(1)));

        assertTrue(System.nanoTime() - startNanos >= waitCap().toNanos(), "waited the cap");
        assertFalse(master().hasWaiters(lockType(), "k"));
    }

    @Test
    default void yieldToWaitersKeepsTheLockWhenNoCallWaits() {
        LockGrant held = master().tryLock(lockType(), "k", "alice", 0, 0);

        assertEquals(YieldOutcome.KEPT, master().yieldToWaiters(lockType(), "k", "alice"));

        assertEquals(held.getFencingToken(), master().tryLock(lockType(), "k", "alice", 0, 0).getFencingToken());
    }

    @Test
    default void yieldToWaitersHandsTheLockToTheOldestWaitingCall() throws Exception {
        master().tryLock(lockType(), "k", "alice", 0, 0);
        CompletableFuture<LockGrant> bob = tryLockAside("k", "bob", LONG_WAIT);
        awaitWaiting("k");

        assertEquals(YieldOutcome.RELEASED, master().yieldToWaiters(lockType(), "k", "alice"));

        assertEquals("bob", bob.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
        assertEquals(YieldOutcome.NOT_HELD, master().yieldToWaiters(lockType(), "k", "alice"), "a retry");
    }

    @Test
    default void yieldToWaitersByAnyoneButTheHolderChangesNothing() {
        LockGrant held = master().tryLock(lockType(), "k", "alice", 0, 0);
        CompletableFuture<LockGrant> bob = tryLockAside("k", "bob", LONG_WAIT);
        awaitWaiting("k");

        assertEquals(YieldOutcome.NOT_HELD, master().yieldToWaiters(lockType(), "k", "carol"));
        assertEquals(YieldOutcome.NOT_HELD, master().yieldToWaiters(lockType(), "free", "alice"));

        assertFalse(bob.isDone());
        assertTrue(master().hasWaiters(lockType(), "k"));
        assertEquals(held.getFencingToken(), master().tryLock(lockType(), "k", "alice", 0, 0).getFencingToken());
        assertTrue(master().unlock(lockType(), "k", "alice"), "lets bob go");
    }

    @Test
    default void hasWaitersTellsWhetherACallWaitsForTheLock() throws Exception {
        assertFalse(master().hasWaiters(lockType(), "k"), "a free lock");
        master().tryLock(lockType(), "k", "alice", 0, 0);
        assertFalse(master().hasWaiters(lockType(), "k"), "held, nobody waits");
        CompletableFuture<LockGrant> bob = tryLockAside("k", "bob", LONG_WAIT);

        awaitWaiting("k");
        assertFalse(master().hasWaiters(lockType(), "other"));

        assertTrue(master().unlock(lockType(), "k", "alice"));
        assertEquals("bob", bob.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
        assertFalse(master().hasWaiters(lockType(), "k"), "the waiter holds it now");
    }
}
