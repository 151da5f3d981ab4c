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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deadlocks across nodes ({@code tryLockInSessionHolding}): the master (a group's leader) finds a cycle of waits
 * from what the parked calls say their threads hold, fails the youngest wait with {@link DeadlockException}, lets
 * the victim keep what it holds and the others go on, and reports nothing where the waits form no cycle.
 */
public interface DeadlockRules extends ContractSubject {

    /** The check delay the rules' calls ask for. */
    long CHECK_MILLIS = 100;

    @Test
    default void crossingWaitsOfTwoNodesMakeTheClosingWaitTheOneVictim() throws Exception {
        String s1 = openedSession();
        String s2 = openedSession();
        LockGrant aHolds = master().tryLockInSession(lockType(), "1", "n1:a#1", s1, 0);
        LockGrant bHolds = master().tryLockInSession(lockType(), "2", "n2:b#2", s2, 0);
        CompletableFuture<LockGrant> aWaits = waitHolding("n1:a#1", "2", s1, aHolds);
        awaitWaiting("2");
        CompletableFuture<LockGrant> bWaits = waitHolding("n2:b#2", "1", s2, bHolds);

        ExecutionException told = assertThrows(ExecutionException.class,
                () -> bWaits.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        DeadlockException deadlock = assertInstanceOf(DeadlockException.class, told.getCause());
        assertTrue(deadlock.getMessage().startsWith("deadlock: "), deadlock.getMessage());
        assertTrue(deadlock.getMessage().contains("victim n2:b#2"), deadlock.getMessage());
        assertFalse(aWaits.isDone(), "the older wait goes on");

        assertTrue(master().unlock(lockType(), "2", "n2:b#2"), "the victim kept what it held");
        assertEquals("n1:a#1", aWaits.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
        master().closeSession(s1);
        master().closeSession(s2);
    }

    @Test
    default void aChainOfWaitsIsNoDeadlock() throws Exception {
        String s1 = openedSession();
        String s2 = openedSession();
        String s3 = openedSession();
        LockGrant aHolds = master().tryLockInSession(lockType(), "1", "n1:a#1", s1, 0);
        LockGrant bHolds = master().tryLockInSession(lockType(), "2", "n2:b#2", s2, 0);
        master().tryLockInSession(lockType(), "3", "n3:c#3", s3, 0);
        CompletableFuture<LockGrant> bWaits = waitHolding("n2:b#2", "3", s2, bHolds);
        awaitWaiting("3");
        CompletableFuture<LockGrant> aWaits = waitHolding("n1:a#1", "2", s1, aHolds);
        awaitWaiting("2");

        Thread.sleep(CHECK_MILLIS * 5); // real time: the checks run on the master's timer
        assertFalse(aWaits.isDone(), "a waits for b, which waits for c: no cycle");
        assertFalse(bWaits.isDone(), "no cycle");

        assertTrue(master().unlock(lockType(), "3", "n3:c#3"));
        assertEquals("n2:b#2", bWaits.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
        assertTrue(master().unlock(lockType(), "2", "n2:b#2"));
        assertEquals("n1:a#1", aWaits.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS).getOwner());
        for (String session : List.of(s1, s2, s3)) {
            master().closeSession(session);
        }
    }

    private String openedSession() {
        String session = newSessionId();
        master().openSession(session, 60_000);
        return session;
    }

    /** Asks for {@code key} on a thread of its own, naming the one lock the owner holds. */
    private CompletableFuture<LockGrant> waitHolding(String owner, String key, String session, LockGrant held) {
        String heldLocks = HeldLock.encode(List.of(new HeldLock(lockType(), held.getKey(), held.getFencingToken())));
        return CompletableFuture.supplyAsync(() -> master().tryLockInSessionHolding(lockType(), key, owner, session,
                60_000, heldLocks, CHECK_MILLIS), command -> {
                    Thread caller = new Thread(command, "contract-deadlock-" + owner);
                    caller.setDaemon(true);
                    caller.start();
                });
    }
}
