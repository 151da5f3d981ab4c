package io.lockfacade.server.service;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.server.table.Handout;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The single master finds a cycle of waits between threads of different nodes from what their parked calls say
 * they hold, fails the youngest wait with {@link DeadlockException}, and never reports a claim that is not true.
 */
class MasterDeadlockTest {

    private static final String TYPE = "accounts";
    private static final long WAIT = 20_000;
    private static final long CHECK_MILLIS = 50;
    private static final String A = "n1:worker-a#11";
    private static final String B = "n2:worker-b#12";

    private final MemoryLockServiceImpl master = new MemoryLockServiceImpl(MasterSettings.defaults()
            .withWaitCap(java.time.Duration.ofSeconds(30)));
    private LockGrant aHolds1;
    private LockGrant bHolds2;

    @BeforeEach
    void eachHoldsOne() {
        master.openSession("s1", 60_000);
        master.openSession("s2", 60_000);
        aHolds1 = master.tryLockInSession(TYPE, "1", A, "s1", 0);
        bHolds2 = master.tryLockInSession(TYPE, "2", B, "s2", 0);
    }

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void twoThreadsOfTwoNodesInCrossingOrdersMakeOneVictimTheClosingWaitAndTheOtherGetsTheLock() {
        CompletableFuture<Handout> aWaits = waitHolding(A, "2", "s1", aHolds1);
        Await.until("a's call is recorded", () -> master.deadlockWaitCount() == 1);
        CompletableFuture<Handout> bWaits = waitHolding(B, "1", "s2", bHolds2);

        CompletionException failure = assertThrows(CompletionException.class, () -> bWaits.orTimeout(10,
                TimeUnit.SECONDS).join());
        assertTrue(failure.getCause() instanceof DeadlockException, failure.toString());
        assertEquals("deadlock: " + A + " waits for accounts/2 held by " + B + ", " + B + " waits for accounts/1 held"
                + " by " + A + "; victim " + B + " (the youngest wait)", failure.getCause().getMessage());
        assertFalse(aWaits.isDone(), "the older wait goes on");
        assertTrue(master.renew(TYPE, "2", B, 0), "the victim keeps what it holds");

        master.unlock(TYPE, "2", B);
        assertEquals(A, aWaits.orTimeout(10, TimeUnit.SECONDS).join().grant().getOwner());
        assertEquals(0, master.deadlockWaitCount());
    }

    @Test
    void aClaimWhoseGrantEndedIsNoHold() throws Exception {
        master.unlock(TYPE, "2", B);
        LockGrant takenByC = master.tryLockInSession(TYPE, "2", "n3:worker-c#13", "s2", 0);
        CompletableFuture<Handout> aWaits = waitHolding(A, "2", "s1", aHolds1);
        CompletableFuture<Handout> bWaits = waitHolding(B, "1", "s2", bHolds2); // claims the token it no longer has

        Thread.sleep(CHECK_MILLIS * 6);
        assertFalse(aWaits.isDone());
        assertFalse(bWaits.isDone());
        master.unlock(TYPE, "2", takenByC.getOwner());
        assertEquals(A, aWaits.orTimeout(10, TimeUnit.SECONDS).join().grant().getOwner());
    }

    @Test
    void aWaitOfAThreadThatHoldsNothingIsNotRecorded() {
        CompletableFuture<Handout> waits = master.tryLockInSessionHoldingAsync(TYPE, "1", B, "s2", WAIT, "",
                CHECK_MILLIS);
        assertFalse(waits.isDone());
        assertEquals(0, master.deadlockWaitCount());
        waits.cancel(false);
    }

    @Test
    void malformedHeldLocksAreRefusedAndChangeNothing() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> master.tryLockInSessionHoldingAsync(TYPE, "2", A, "s1", WAIT, "accounts\t1", CHECK_MILLIS));
        assertTrue(refused.getMessage().startsWith("heldLocks"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> master.tryLockInSessionHoldingAsync(TYPE, "2", A, "s1",
                WAIT, "", -1));
        assertFalse(master.hasWaiters(TYPE, "2"));
        assertEquals(0, master.deadlockWaitCount());
    }

    private CompletableFuture<Handout> waitHolding(String owner, String key, String session, LockGrant held) {
        return master.tryLockInSessionHoldingAsync(TYPE, key, owner, session, WAIT,
                HeldLock.encode(List.of(new HeldLock(TYPE, held.getKey(), held.getFencingToken()))), CHECK_MILLIS);
    }
}
