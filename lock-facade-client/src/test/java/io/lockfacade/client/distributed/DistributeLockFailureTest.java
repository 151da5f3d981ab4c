package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.testing.FaultInjectingMaster.Failure;
import io.lockfacade.client.testing.FaultInjectingMaster.Operation;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.lockfacade.client.distributed.ClusterFixture.KEY;
import static io.lockfacade.client.distributed.ClusterFixture.PATIENCE_MILLIS;
import static io.lockfacade.client.distributed.ClusterFixture.SHORT_LEASE;
import static io.lockfacade.client.distributed.ClusterFixture.TYPE;
import static io.lockfacade.client.distributed.ClusterFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Transport failures, lease renewal, loss and interrupts of {@link DistributeLock}. */
class DistributeLockFailureTest {

    private static final String ELSEWHERE = "node-z:worker#1";
    private static final Duration SHORT_WAIT_CAP = Duration.ofMillis(100);

    private final ClusterFixture cluster = new ClusterFixture();

    @AfterEach
    void closeCluster() {
        cluster.close();
    }

    @Test
    void unreachableMasterFailsTheAcquisitionAndLeavesNothing() {
        DistributeLock node = cluster.node("node-a");
        cluster.master.fail(Operation.TRY_LOCK, Failure.BEFORE_CALL);

        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> node.lock(TYPE, KEY, PATIENCE_MILLIS));

        assertTrue(failure.getMessage().contains("tryLockInSession(" + TYPE + "/" + KEY + ")"), failure.getMessage());
        assertTrue(failure.getMessage().contains("FaultInjectingMaster"), failure.getMessage());
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void lostReplyToAGrantIsReleasedOnTheMaster() {
        DistributeLock node = cluster.node("node-a");
        cluster.master.fail(Operation.TRY_LOCK, Failure.AFTER_CALL);

        assertThrows(LockServiceUnavailableException.class, () -> node.tryLock(TYPE, KEY));

        assertTrue(cluster.master.holder(TYPE, KEY).isEmpty());
        assertEquals(1, cluster.master.calls(Operation.UNLOCK));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void failedRemoteReleaseStillReleasesLocallyAndReportsTheMaster() throws Exception {
        DistributeLock node = cluster.node("node-a");
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        cluster.master.fail(Operation.UNLOCK, Failure.BEFORE_CALL);

        assertThrows(LockServiceUnavailableException.class, () -> node.unlock(TYPE, KEY));

        assertFalse(node.isHeldByCurrentThread(TYPE, KEY));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void keepAlivesKeepEveryLockOfTheNodePastTheTtlWithOneCallEach() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE));
        int locks = 50;
        for (int i = 0; i < locks; i++) {
            node.lock(TYPE, KEY + i, PATIENCE_MILLIS);
        }

        Await.until("keep-alives span more than a TTL", () -> cluster.master.calls(Operation.KEEP_ALIVE_SESSION) >= 4);

        assertEquals(0, cluster.master.calls(Operation.RENEW), "no per-lock renewal");
        assertEquals(1, cluster.master.sessionIds().size(), "one session for the node");
        for (int i = 0; i < locks; i++) {
            assertFalse(node.isLost(TYPE, KEY + i));
            assertTrue(cluster.master.holder(TYPE, KEY + i).isPresent());
            node.unlock(TYPE, KEY + i);
        }
        assertTrue(cluster.master.holder(TYPE, KEY + 0).isEmpty());
    }

    @Test
    void anEndedSessionLosesEveryHoldAtOnceAndTheNextAcquisitionOpensANewSession() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE));
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        node.lock(TYPE, KEY + 2, PATIENCE_MILLIS);
        String first = cluster.master.sessionIds().iterator().next();

        cluster.master.expireSession(first);
        Await.until("the keep-alive is refused", () -> node.isLost(TYPE, KEY) && node.isLost(TYPE, KEY + 2));

        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY + 2));
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        assertFalse(node.isLost(TYPE, KEY));
        assertEquals(2, cluster.master.sessionIds().size());
        node.unlock(TYPE, KEY);
    }

    @Test
    void refusedRenewalMarksTheHoldLostAndUnlockThrowsLockLost() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE));
        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        cluster.master.forceRemove(TYPE, KEY);
        Await.until("the renewal is refused", () -> node.isLost(TYPE, KEY));

        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));
        assertFalse(node.isHeldByCurrentThread(TYPE, KEY));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void failingKeepAlivesLoseTheLockOnceTheTtlRunsOut() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE));
        cluster.master.fail(Operation.KEEP_ALIVE_SESSION, Failure.BEFORE_CALL);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        assertFalse(node.isLost(TYPE, KEY));

        Await.until("the TTL runs out", () -> node.isLost(TYPE, KEY));

        assertTrue(cluster.master.calls(Operation.KEEP_ALIVE_SESSION) >= 1);
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));
    }

    @Test
    void aLostGrantIsNeverHandedToTheNextThread() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE));
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long lostToken = node.fencingToken(TYPE, KEY).orElseThrow();
        Future<Long> next = cluster.inOtherThread(() -> {
            node.lock(TYPE, KEY, PATIENCE_MILLIS);
            try {
                return node.fencingToken(TYPE, KEY).orElseThrow();
            } finally {
                node.unlock(TYPE, KEY);
            }
        });
        Await.until("the second thread queues locally", () -> node.localQueueLength(TYPE, KEY) == 1);
        cluster.master.forceRemove(TYPE, KEY);
        Await.until("the loss is noticed", () -> node.isLost(TYPE, KEY));

        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));

        assertTrue(await(next) > lostToken);
        assertEquals(2, cluster.master.calls(Operation.TRY_LOCK));
    }

    @Test
    void interruptIsNoticedBetweenRemoteCallsAndLeavesNothing() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withRemoteWaitCap(SHORT_WAIT_CAP));
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);
        AtomicReference<Thread> waiterThread = new AtomicReference<>();
        Future<Boolean> waiter = cluster.inOtherThread(() -> {
            waiterThread.set(Thread.currentThread());
            return node.tryLock(TYPE, KEY, 1, TimeUnit.MINUTES);
        });
        Await.until("the waiter waits on the master", () -> cluster.master.waiting(TYPE, KEY) == 1);

        waiterThread.get().interrupt();

        ExecutionException failure = assertThrows(ExecutionException.class, () -> await(waiter));
        assertInstanceOf(InterruptedException.class, failure.getCause());
        assertEquals(0, node.localEntryCount());
        assertEquals(0, cluster.master.waiting(TYPE, KEY));
        assertEquals(ELSEWHERE, cluster.master.holder(TYPE, KEY).orElseThrow());
    }

    @Test
    void interruptedTryLockReportsInterruptedException() throws Exception {
        DistributeLock node = cluster.node("node-a");
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);
        Future<Boolean> waiter = cluster.inOtherThread(() -> {
            Thread.currentThread().interrupt();
            return node.tryLock(TYPE, KEY, PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
        });

        ExecutionException failure = assertThrows(ExecutionException.class, () -> await(waiter));

        assertInstanceOf(InterruptedException.class, failure.getCause());
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void lockKeepsWaitingThroughAnInterruptAndKeepsTheFlag() throws Exception {
        DistributeLock node = cluster.node("node-a");
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);
        AtomicReference<Thread> waiterThread = new AtomicReference<>();
        Future<Boolean> waiter = cluster.inOtherThread(() -> {
            waiterThread.set(Thread.currentThread());
            node.lock(TYPE, KEY, PATIENCE_MILLIS);
            boolean interrupted = Thread.interrupted();
            node.unlock(TYPE, KEY);
            return interrupted;
        });
        Await.until("the waiter waits on the master", () -> cluster.master.waiting(TYPE, KEY) == 1);
        waiterThread.get().interrupt();

        cluster.master.unlock(TYPE, KEY, ELSEWHERE);

        assertTrue(await(waiter));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void aCachedGrantWhoseTakerGaveUpIsReleasedOnTheMaster() throws Exception {
        CountDownLatch takerGaveUp = new CountDownLatch(1);
        HandoffPolicy bounded = HandoffPolicy.bounded(DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS);
        HandoffPolicy waitForTheTakerToGiveUp = (valid, queued, handoffs) -> {
            HandoffPolicy.Decision decision = bounded.onFinalUnlock(valid, queued, handoffs);
            if (decision == HandoffPolicy.Decision.HAND_OFF) {
                awaitQuietly(takerGaveUp);
            }
            return decision;
        };
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a"), waitForTheTakerToGiveUp);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        Future<Boolean> taker = cluster.inOtherThread(() -> {
            try {
                return node.tryLock(TYPE, KEY, 50, TimeUnit.MILLISECONDS);
            } finally {
                takerGaveUp.countDown();
            }
        });
        Await.until("the taker queues locally", () -> node.localQueueLength(TYPE, KEY) == 1);

        node.unlock(TYPE, KEY);

        assertFalse(await(taker));
        assertEquals(0, node.localEntryCount());
        assertTrue(cluster.master.holder(TYPE, KEY).isEmpty());
        assertEquals(1, cluster.master.calls(Operation.UNLOCK));
    }

    @Test
    void anUnlockWhoseEarlierAttemptReleasedTheLockIsNoLoss() throws Exception {
        DistributeLock node = cluster.node("node-a");
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        String owner = cluster.master.holder(TYPE, KEY).orElseThrow();
        // What a first attempt whose reply was lost leaves (the transport, or a group's next leader, retries it).
        assertTrue(cluster.master.unlock(TYPE, KEY, owner));

        node.unlock(TYPE, KEY);

        assertFalse(node.isHeldByCurrentThread(TYPE, KEY));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void aForceRemovalInTheSessionSinceTheGrantLeavesADoubtThatCountsAsALoss() throws Exception {
        DistributeLock node = cluster.node("node-a");
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        node.lock(TYPE, KEY + 1, PATIENCE_MILLIS);
        assertTrue(cluster.master.unlock(TYPE, KEY, cluster.master.holder(TYPE, KEY).orElseThrow()));
        cluster.master.forceRemove(TYPE, KEY + 1);

        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY + 1));
    }

    @Test
    void closeReleasesNothingHeldButStopsRenewals() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE));
        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        node.close();

        assertTrue(cluster.master.holder(TYPE, KEY).isPresent());
        Await.until("the unrenewed lease runs out", () -> node.isLost(TYPE, KEY));
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            assertTrue(latch.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
