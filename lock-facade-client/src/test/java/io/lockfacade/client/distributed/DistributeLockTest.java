package io.lockfacade.client.distributed;

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
import java.util.concurrent.TimeoutException;

import static io.lockfacade.client.distributed.ClusterFixture.KEY;
import static io.lockfacade.client.distributed.ClusterFixture.PATIENCE_MILLIS;
import static io.lockfacade.client.distributed.ClusterFixture.TYPE;
import static io.lockfacade.client.distributed.ClusterFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Re-entry, ownership, hand-off and timeouts of {@link DistributeLock} against an in-memory master; exclusion
 * under contention is {@link LocalFairnessTest}'s.
 */
class DistributeLockTest {

    private static final String ELSEWHERE = "node-z:worker#1";
    private static final long SHORT_WAIT_MILLIS = 100;

    private final ClusterFixture cluster = new ClusterFixture();

    @AfterEach
    void closeCluster() {
        cluster.close();
    }

    @Test
    void reentryAlongACallChainAsksTheMasterOnce() throws Exception {
        DistributeLock node = cluster.node("node-a");

        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        innerStepThatLocksAgain(node);

        assertEquals(1, cluster.master.calls(Operation.TRY_LOCK));
        assertEquals(0, cluster.master.calls(Operation.UNLOCK));
        node.unlock(TYPE, KEY);
        assertEquals(1, cluster.master.calls(Operation.UNLOCK));
        assertTrue(cluster.master.holder(TYPE, KEY).isEmpty());
    }

    @Test
    void theMasterSeesAnOwnerNamingTheNodeAndTheThread() throws Exception {
        DistributeLock node = cluster.node("node-a");

        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        String owner = cluster.master.holder(TYPE, KEY).orElseThrow();
        assertTrue(owner.startsWith("node-a:" + Thread.currentThread().getName() + "#"), owner);
        node.unlock(TYPE, KEY);
    }

    @Test
    void unlockByAnotherThreadIsRefusedAndChangesNothing() throws Exception {
        DistributeLock node = cluster.node("node-a");
        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> await(cluster.inOtherThread(() -> {
                    node.unlock(TYPE, KEY);
                    return null;
                })));

        assertInstanceOf(IllegalMonitorStateException.class, failure.getCause());
        assertTrue(node.isHeldByCurrentThread(TYPE, KEY));
        assertTrue(cluster.master.holder(TYPE, KEY).isPresent());
        node.unlock(TYPE, KEY);
    }

    @Test
    void unlockWithoutHoldingThrowsIllegalMonitorStateWithoutRemoteCall() {
        DistributeLock node = cluster.node("node-a");

        assertThrows(IllegalMonitorStateException.class, () -> node.unlock(TYPE, KEY));

        assertEquals(0, cluster.master.calls(Operation.UNLOCK));
    }

    @Test
    void handOffKeepsTheFencingTokenAndMakesNoRemoteCall() throws Exception {
        DistributeLock node = cluster.node("node-a");
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        Future<Long> next = lockRecordTokenAndUnlock(node);
        Await.until("the second thread queues locally", () -> node.localQueueLength(TYPE, KEY) == 1);

        node.unlock(TYPE, KEY);

        assertEquals(token, await(next));
        assertEquals(1, cluster.master.calls(Operation.TRY_LOCK));
        assertEquals(1, cluster.master.calls(Operation.UNLOCK));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void atTheHandOffBoundTheLocalThreadsKeepHandingOffWhileTheMasterIsAskedAboutOtherNodes() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withMaxLocalHandoffs(1));
        CountDownLatch probeOnItsWay = cluster.master.gate(Operation.HAS_WAITERS);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, cluster.workers(), PATIENCE_MILLIS);

        node.unlock(TYPE, KEY);
        queue.letAllGo();

        for (int i = 0; i < 3; i++) {
            assertEquals(token, await(queue.token(i)), "the grant passed on with the question unanswered");
        }
        // the question goes out in the background: it may reach the master after the local hand-offs are done
        Await.until("the master asked about other nodes", () -> cluster.master.calls(Operation.HAS_WAITERS) >= 1);
        assertEquals(1, cluster.master.calls(Operation.HAS_WAITERS), "asked once, not once per hand-off");
        assertEquals(0, cluster.master.calls(Operation.YIELD_TO_WAITERS));
        probeOnItsWay.countDown();
    }

    @Test
    void atTheHandOffBoundTheGrantGoesToAnotherNodeWaitingOnTheMaster() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withMaxLocalHandoffs(1));
        DistributeLock other = cluster.node("node-b");
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, cluster.workers(), PATIENCE_MILLIS);
        Future<Long> elsewhere = lockRecordTokenAndUnlock(other);
        Await.until("node-b waits on the master", () -> cluster.master.waiting(TYPE, KEY) == 1);

        node.unlock(TYPE, KEY);
        queue.passTheBoundOnceAnswered(WaiterProbe.Answer.OTHERS_WAIT);

        assertEquals(token, await(queue.token(0)));
        assertEquals(token, await(queue.token(1)));
        long otherToken = await(elsewhere);
        assertTrue(otherToken > token, "node-b got the lock next, with a new grant");
        assertTrue(await(queue.token(2)) > otherToken, "node-a's third thread asked again, behind node-b");
        assertEquals(1, cluster.master.calls(Operation.HAS_WAITERS));
        assertEquals(1, cluster.master.calls(Operation.YIELD_TO_WAITERS));
    }

    @Test
    void atTheHandOffBoundTheGrantIsKeptWithoutAYieldWhenNoOtherNodeWaits() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withMaxLocalHandoffs(1));
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, cluster.workers(), PATIENCE_MILLIS);

        node.unlock(TYPE, KEY);
        queue.passTheBoundOnceAnswered(WaiterProbe.Answer.NOBODY_WAITS);

        for (int i = 0; i < 3; i++) {
            assertEquals(token, await(queue.token(i)));
        }
        assertEquals(0, cluster.master.calls(Operation.YIELD_TO_WAITERS));
        assertEquals(1, cluster.master.calls(Operation.TRY_LOCK));
        assertEquals(1, cluster.master.calls(Operation.UNLOCK), "released once, by the last thread");
        assertEquals(0, cluster.master.liveLocks());
    }

    @Test
    void aMasterThatCannotSayWhetherOthersWaitIsAskedToYield() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withMaxLocalHandoffs(1));
        cluster.master.fail(Operation.HAS_WAITERS, Failure.BEFORE_CALL);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, cluster.workers(), PATIENCE_MILLIS);

        node.unlock(TYPE, KEY);
        queue.passTheBoundOnceAnswered(WaiterProbe.Answer.UNANSWERED);

        for (int i = 0; i < 3; i++) {
            assertEquals(token, await(queue.token(i)), "nobody waited: the master kept the grant");
        }
        assertEquals(1, cluster.master.calls(Operation.YIELD_TO_WAITERS));
    }

    @Test
    void aMasterThatCannotYieldGetsThePlainReleaseInstead() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withMaxLocalHandoffs(1));
        cluster.master.fail(Operation.HAS_WAITERS, Failure.BEFORE_CALL);
        cluster.master.fail(Operation.YIELD_TO_WAITERS, Failure.BEFORE_CALL);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, cluster.workers(), PATIENCE_MILLIS);

        node.unlock(TYPE, KEY);
        queue.passTheBoundOnceAnswered(WaiterProbe.Answer.UNANSWERED);

        assertEquals(token, await(queue.token(0)));
        long second = await(queue.token(2));
        assertTrue(await(queue.token(1)) == token && second > token, "released at the bound, then asked again");
        assertEquals(0, cluster.master.liveLocks());
    }

    @Test
    void tryLockTimeoutLeavesNoLocalEntryAndNoRemoteLock() throws Exception {
        DistributeLock node = cluster.node("node-a");
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);

        assertFalse(node.tryLock(TYPE, KEY, SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS));

        assertEquals(0, node.localEntryCount());
        assertEquals(ELSEWHERE, cluster.master.holder(TYPE, KEY).orElseThrow());
        assertEquals(0, cluster.master.waiting(TYPE, KEY));
    }

    @Test
    void lockTimeoutThrowsTimeoutExceptionAndHoldsNothing() {
        DistributeLock node = cluster.node("node-a");
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);

        assertThrows(TimeoutException.class, () -> node.lock(TYPE, KEY, SHORT_WAIT_MILLIS));

        assertFalse(node.isHeldByCurrentThread(TYPE, KEY));
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void tryLockWithoutWaitFailsAtOnceWhenAnotherNodeHolds() {
        DistributeLock node = cluster.node("node-a");
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);

        assertFalse(node.tryLock(TYPE, KEY));

        assertEquals(0, node.localEntryCount());
    }

    @Test
    void aLongWaitIsMadeOfBoundedRemoteCalls() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withRemoteWaitCap(Duration.ofMillis(20)));
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);
        Future<Long> waiter = lockRecordTokenAndUnlock(node);
        Await.until("several remote calls", () -> cluster.master.calls(Operation.TRY_LOCK) >= 4);

        cluster.master.unlock(TYPE, KEY, ELSEWHERE);

        assertTrue(await(waiter) > 0);
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void isLockTypeEmptyAsksTheMaster() {
        DistributeLock node = cluster.node("node-a");
        cluster.master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);

        assertFalse(node.isLockTypeEmpty(TYPE));
        assertTrue(node.isLockTypeEmpty("invoices"));
        assertEquals(2, cluster.master.calls(Operation.IS_LOCK_TYPE_EMPTY));
    }

    @Test
    void badArgumentsFailBeforeAnyRemoteCall() {
        DistributeLock node = cluster.node("node-a");

        assertThrows(IllegalArgumentException.class, () -> node.lock("", KEY, 0));
        assertThrows(IllegalArgumentException.class, () -> node.tryLock(TYPE, "bad\u0000key"));
        assertThrows(IllegalArgumentException.class, () -> node.tryLock(null, KEY, 1, TimeUnit.SECONDS));
        assertThrows(IllegalArgumentException.class, () -> node.unlock(TYPE, "k".repeat(257)));
        assertThrows(IllegalArgumentException.class, () -> node.isLockTypeEmpty(""));

        for (Operation operation : Operation.values()) {
            assertEquals(0, cluster.master.calls(operation), operation.name());
        }
        assertEquals(0, node.localEntryCount());
    }

    @Test
    void closedLockRefusesNewAcquisitions() {
        DistributeLock node = cluster.node("node-a");

        node.close();

        assertThrows(IllegalStateException.class, () -> node.tryLock(TYPE, KEY));
        assertEquals(0, node.localEntryCount());
    }

    private static void innerStepThatLocksAgain(DistributeLock node) throws TimeoutException {
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        try {
            assertTrue(node.isHeldByCurrentThread(TYPE, KEY));
        } finally {
            node.unlock(TYPE, KEY);
        }
        assertTrue(node.isHeldByCurrentThread(TYPE, KEY));
    }

    /** In a worker: lock, note the fencing token, unlock; the future yields the token. */
    private Future<Long> lockRecordTokenAndUnlock(DistributeLock node) {
        return cluster.inOtherThread(() -> {
            node.lock(TYPE, KEY, PATIENCE_MILLIS);
            try {
                return node.fencingToken(TYPE, KEY).orElseThrow();
            } finally {
                node.unlock(TYPE, KEY);
            }
        });
    }
}
