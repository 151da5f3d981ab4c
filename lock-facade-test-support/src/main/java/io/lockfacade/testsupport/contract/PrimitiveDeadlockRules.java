package io.lockfacade.testsupport.contract;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.deadlock.HeldLock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deadlocks through read-write locks and semaphores ({@code tryReadLockInSessionHolding},
 * {@code tryWriteLockInSessionHolding}, {@code tryAcquirePermitsHolding}): a reader waits for the writer, a writer
 * for every reader, a permit wait for the holders it cannot do without; the youngest wait of a cycle is told and
 * keeps what it holds, the others go on; a wait that a holder outside the cycle could end is no deadlock.
 */
public interface PrimitiveDeadlockRules extends PrimitiveSubject {

    /** The check delay the rules' calls ask for. */
    long CHECK_MILLIS = DeadlockRules.CHECK_MILLIS;

    @Test
    default void aReaderWaitingForAWriterThatWaitsForTheReadersLockIsTheVictim() throws Exception {
        String s1 = openSession();
        String s2 = openSession();
        LockGrant aLocks = master().tryLockInSession(lockType(), "m", "n1:a#1", s1, 0);
        LockGrant bWrites = primitives().tryWriteLockInSession(lockType(), "rw", "n2:b#2", s2, 0);
        CompletableFuture<LockGrant> bWaits = aside("b", () -> master().tryLockInSessionHolding(lockType(), "m",
                "n2:b#2", s2, waitCap().toMillis(), held(bWrites), CHECK_MILLIS));
        awaitWaiting("m");
        CompletableFuture<LockGrant> aWaits = aside("a", () -> primitives().tryReadLockInSessionHolding(lockType(),
                "rw", "n1:a#1", s1, waitCap().toMillis(), held(aLocks), CHECK_MILLIS));

        DeadlockException deadlock = victimOf(aWaits);
        assertTrue(deadlock.getMessage().contains("waits for " + lockType() + "/rw (read) held by n2:b#2"),
                deadlock.getMessage());
        assertTrue(deadlock.getMessage().endsWith("victim n1:a#1 (the youngest wait)"), deadlock.getMessage());
        assertFalse(bWaits.isDone(), "the older wait goes on");
        assertTrue(master().unlock(lockType(), "m", "n1:a#1"), "the victim kept what it held");
        assertEquals("n2:b#2", granted(bWaits).getOwner());
    }

    @Test
    default void aWriterWaitingForAReaderThatWaitsForTheWritersLockIsTheVictim() throws Exception {
        String s1 = openSession();
        String s2 = openSession();
        LockGrant aLocks = master().tryLockInSession(lockType(), "m", "n1:a#1", s1, 0);
        LockGrant bReads = primitives().tryReadLockInSession(lockType(), "rw", "n2:b#2", s2, 0);
        assertNotNull(primitives().tryReadLockInSession(lockType(), "rw", "n3:c#3", openSession(), 0));
        CompletableFuture<LockGrant> bWaits = aside("b", () -> master().tryLockInSessionHolding(lockType(), "m",
                "n2:b#2", s2, waitCap().toMillis(), held(bReads), CHECK_MILLIS));
        awaitWaiting("m");
        CompletableFuture<LockGrant> aWaits = aside("a", () -> primitives().tryWriteLockInSessionHolding(
                lockType(), "rw", "n1:a#1", s1, waitCap().toMillis(), held(aLocks), CHECK_MILLIS));

        DeadlockException deadlock = victimOf(aWaits);
        assertTrue(deadlock.getMessage().contains("waits for " + lockType() + "/rw (write) held by n2:b#2"),
                deadlock.getMessage());
        assertTrue(master().unlock(lockType(), "m", "n1:a#1"));
        assertEquals("n2:b#2", granted(bWaits).getOwner());
    }

    @Test
    default void aPermitWaitThatOnlyAWaitingHolderCouldEndIsTheVictim() throws Exception {
        String s1 = openSession();
        String s2 = openSession();
        LockGrant aLocks = master().tryLockInSession(lockType(), "m", "n1:a#1", s1, 0);
        LockGrant bPermits = primitives().tryAcquirePermits(lockType(), "sem", "n2:b#2/s1", 2, 2, s2, 0);
        CompletableFuture<LockGrant> bWaits = aside("b", () -> master().tryLockInSessionHolding(lockType(), "m",
                "n2:b#2", s2, waitCap().toMillis(), held(bPermits), CHECK_MILLIS));
        awaitWaiting("m");
        CompletableFuture<LockGrant> aWaits = aside("a", () -> primitives().tryAcquirePermitsHolding(lockType(),
                "sem", "n1:a#1/s2", 1, 2, s1, waitCap().toMillis(), held(aLocks), CHECK_MILLIS));

        DeadlockException deadlock = victimOf(aWaits);
        assertTrue(deadlock.getMessage().contains("waits for " + lockType() + "/sem (1 permit) held by n2:b#2"),
                deadlock.getMessage());
        assertTrue(master().unlock(lockType(), "m", "n1:a#1"));
        assertEquals("n2:b#2", granted(bWaits).getOwner());
    }

    @Test
    default void twoHoldersOfAFullSemaphoreWaitingForOneMoreEachMakeOneVictim() throws Exception {
        String s1 = openSession();
        String s2 = openSession();
        LockGrant aPermit = primitives().tryAcquirePermits(lockType(), "sem", "n1:a#1/s1", 1, 2, s1, 0);
        LockGrant bPermit = primitives().tryAcquirePermits(lockType(), "sem", "n2:b#2/s2", 1, 2, s2, 0);
        CompletableFuture<LockGrant> aWaits = aside("a", () -> primitives().tryAcquirePermitsHolding(lockType(),
                "sem", "n1:a#1/s3", 1, 2, s1, waitCap().toMillis(), held(aPermit), CHECK_MILLIS));
        CompletableFuture<LockGrant> bWaits = aside("b", () -> primitives().tryAcquirePermitsHolding(lockType(),
                "sem", "n2:b#2/s4", 1, 2, s2, waitCap().toMillis(), held(bPermit), CHECK_MILLIS));

        CompletableFuture<LockGrant> victim = CompletableFuture.anyOf(aWaits, bWaits).handle((any, failure) -> null)
                .thenApply(any -> aWaits.isCompletedExceptionally() ? aWaits : bWaits)
                .get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        CompletableFuture<LockGrant> other = victim == aWaits ? bWaits : aWaits;
        String victimHolder = victim == aWaits ? "n1:a#1/s1" : "n2:b#2/s2";
        assertTrue(victimOf(victim).getMessage().contains("(1 permit)"));
        assertFalse(other.isDone(), "exactly one victim");
        assertTrue(primitives().releasePermits(lockType(), "sem", victimHolder, 0), "the victim kept its permit");
        assertNotNull(granted(other));
    }

    @Test
    default void permitWaitsThatAHolderOutsideTheCycleCouldEndAreNoDeadlock() throws Exception {
        String s1 = openSession();
        String s2 = openSession();
        LockGrant aPermit = primitives().tryAcquirePermits(lockType(), "sem", "n1:a#1/s1", 1, 3, s1, 0);
        LockGrant bPermit = primitives().tryAcquirePermits(lockType(), "sem", "n2:b#2/s2", 1, 3, s2, 0);
        assertNotNull(primitives().tryAcquirePermits(lockType(), "sem", "n3:c#3/s3", 1, 3, openSession(), 0));
        CompletableFuture<LockGrant> aWaits = aside("a", () -> primitives().tryAcquirePermitsHolding(lockType(),
                "sem", "n1:a#1/s4", 1, 3, s1, waitCap().toMillis(), held(aPermit), CHECK_MILLIS));
        CompletableFuture<LockGrant> bWaits = aside("b", () -> primitives().tryAcquirePermitsHolding(lockType(),
                "sem", "n2:b#2/s5", 1, 3, s2, waitCap().toMillis(), held(bPermit), CHECK_MILLIS));

        Thread.sleep(CHECK_MILLIS * 4); // real time: the checks run on the master's timer
        assertFalse(aWaits.isDone(), "c may give its permit back: no deadlock");
        assertFalse(bWaits.isDone(), "no deadlock");
        assertTrue(primitives().releasePermits(lockType(), "sem", "n3:c#3/s3", 0));
        CompletableFuture.anyOf(aWaits, bWaits).get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(aWaits.isDone() ? aWaits.join() : bWaits.join(), "one wait got the permit c gave back");
    }

    private static String held(LockGrant grant) {
        return HeldLock.encode(List.of(new HeldLock(grant.getLockType(), grant.getKey(), grant.getFencingToken())));
    }

    private static DeadlockException victimOf(CompletableFuture<LockGrant> wait) {
        ExecutionException told = assertThrows(ExecutionException.class,
                () -> wait.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        DeadlockException deadlock = assertInstanceOf(DeadlockException.class, told.getCause());
        assertTrue(deadlock.getMessage().startsWith("deadlock: "), deadlock.getMessage());
        return deadlock;
    }

    private static LockGrant granted(CompletableFuture<LockGrant> wait) throws Exception {
        LockGrant grant = wait.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(grant, "granted within its wait");
        return grant;
    }
}
