package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The arbiter applying the grant states on the node's hand-set clock, on one thread, against the in-memory
 * master: time moves only when the test moves it. The master's own session TTL is an hour of real time.
 */
class LocalArbiterTest {

    private static final Duration TTL = Duration.ofHours(1);
    private static final LockId ID = LockId.of("orders", "42");

    private final AtomicLong clock = new AtomicLong();
    private final FaultInjectingMaster master = new FaultInjectingMaster();
    private final RemoteGrants grants = new RemoteGrants(RemoteMemoryLockService.of(master), Duration.ofSeconds(1));
    private final LocalArbiter arbiter = new LocalArbiter("node-a", grants,
            new NodeSession(grants, "node-a", TTL, TTL.dividedBy(3), clock::get), HandoffPolicy.bounded(1), true,
            DeadlockDetection.DEFAULT, id -> { }, new HeldByThread(DeadlockDetection.DEFAULT));

    @AfterEach
    void close() {
        arbiter.close();
        master.close();
    }

    @Test
    void aLockReleasedWithinTheTtlIsReleasedOnTheMaster() throws Exception {
        assertTrue(arbiter.acquire(ID, now(), false));
        clock.addAndGet(TTL.toNanos());

        arbiter.release(ID);

        assertTrue(master.holder(ID.lockType(), ID.key()).isEmpty());
        assertEquals(0, arbiter.entryCount());
    }

    @Test
    void aHoldIsLostTheMomentTheTtlRunsOutOnTheNodeClockAndItsUnlockSaysSo() throws Exception {
        assertTrue(arbiter.acquire(ID, now(), false));
        RemoteHold hold = arbiter.holdOfCurrentThread(ID);
        clock.addAndGet(TTL.toNanos());
        assertFalse(hold.isLost());

        clock.incrementAndGet();

        assertTrue(hold.isLost());
        LockLostException lost = assertThrows(LockLostException.class, () -> arbiter.release(ID));
        assertTrue(lost.getMessage().contains("TTL of 3600000 ms ran out"), lost.getMessage());
        assertNull(arbiter.holdOfCurrentThread(ID));
        assertTrue(master.holder(ID.lockType(), ID.key()).isEmpty(), "released on the master on a best-effort basis");
    }

    @Test
    void theNextAcquisitionAfterALossTakesANewGrantUnderANewSession() throws Exception {
        assertTrue(arbiter.acquire(ID, now(), false));
        RemoteHold first = arbiter.holdOfCurrentThread(ID);
        clock.addAndGet(TTL.toNanos() + 1);
        assertThrows(LockLostException.class, () -> arbiter.release(ID));

        assertTrue(arbiter.acquire(ID, now(), false));

        RemoteHold second = arbiter.holdOfCurrentThread(ID);
        assertFalse(second.isLost());
        assertTrue(second.fencingToken() > first.fencingToken());
        assertFalse(second.session().id().equals(first.session().id()));
        arbiter.release(ID);
    }

    private static Deadline now() {
        return Deadline.after(0, TimeUnit.MILLISECONDS);
    }
}
