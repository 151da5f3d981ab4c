package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.LockActivity;
import io.lockfacade.client.LockObserver;
import io.lockfacade.client.LockObserver.LossReason;
import io.lockfacade.client.LockObserver.RemoteCallOutcome;
import io.lockfacade.client.testing.FaultInjectingMaster.Failure;
import io.lockfacade.client.testing.FaultInjectingMaster.Operation;
import io.lockfacade.client.testing.RecordingObserver;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.client.distributed.ClusterFixture.KEY;
import static io.lockfacade.client.distributed.ClusterFixture.PATIENCE_MILLIS;
import static io.lockfacade.client.distributed.ClusterFixture.SHORT_LEASE;
import static io.lockfacade.client.distributed.ClusterFixture.TYPE;
import static io.lockfacade.client.distributed.ClusterFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a {@link DistributeLock} tells its {@link LockObserver}, against an in-memory master. */
class DistributeLockObserverTest {

    private static final long SHORT_WAIT_MILLIS = 100;

    private final ClusterFixture cluster = new ClusterFixture();
    private final RecordingObserver events = new RecordingObserver();
    private final LockActivity activity = new LockActivity();

    @AfterEach
    void closeCluster() {
        cluster.close();
    }

    private DistributeLock observedNode() {
        return cluster.node(ClusterFixture.settings("node-a").withLease(SHORT_LEASE),
                LockObserver.all(List.of(events, activity)));
    }

    @Test
    void reentryIsReportedAsOneAcquisitionAndOneRelease() throws Exception {
        DistributeLock node = observedNode();

        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        assertEquals(1, activity.held());
        node.unlock(TYPE, KEY);
        assertEquals(1, activity.held(), "an inner unlock releases nothing");
        node.unlock(TYPE, KEY);

        assertEquals(List.of("acquired orders", "released orders"), events.lockEvents());
        assertEquals(0, activity.held());
        assertEquals(1, activity.acquired());
    }

    @Test
    void anAcquisitionThatWaitsInVainIsReportedTimedOut() throws Exception {
        DistributeLock other = cluster.node("node-b");
        other.lock(TYPE, KEY, PATIENCE_MILLIS);
        DistributeLock node = observedNode();

        assertFalse(node.tryLock(TYPE, KEY, SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS));

        assertEquals(List.of("timed_out orders"), events.lockEvents());
        assertEquals(0, activity.held());
        other.unlock(TYPE, KEY);
    }

    @Test
    void anUnreachableMasterIsReportedAsAFailedAcquisitionAndAFailedCall() {
        DistributeLock node = observedNode();
        cluster.master.fail(Operation.TRY_LOCK, Failure.BEFORE_CALL);

        assertThrows(LockServiceUnavailableException.class, () -> node.lock(TYPE, KEY, PATIENCE_MILLIS));

        assertEquals(List.of("failed orders"), events.lockEvents());
        assertEquals(1, events.remoteCalls("tryLockInSession", RemoteCallOutcome.FAILED));
    }

    @Test
    void everyRemoteCallIsReportedByMethod() throws Exception {
        DistributeLock node = observedNode();

        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        node.unlock(TYPE, KEY);
        node.isLockTypeEmpty(TYPE);

        assertEquals(1, events.remoteCalls("openSession", RemoteCallOutcome.ANSWERED));
        assertEquals(1, events.remoteCalls("tryLockInSession", RemoteCallOutcome.ANSWERED));
        assertEquals(1, events.remoteCalls("unlock", RemoteCallOutcome.ANSWERED));
        assertEquals(1, events.remoteCalls("isLockTypeEmpty", RemoteCallOutcome.ANSWERED));
    }

    @Test
    void aRefusalIsReportedAsRefusedNotFailed() throws Exception {
        // the default lease: no keep-alive runs during the test, so the next call finds the session ended
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a"), events);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        node.unlock(TYPE, KEY);
        cluster.master.expireSession(cluster.master.sessionIds().iterator().next());

        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        node.unlock(TYPE, KEY);

        assertEquals(1, events.remoteCalls("tryLockInSession", RemoteCallOutcome.REFUSED));
        assertEquals(2, events.remoteCalls("tryLockInSession", RemoteCallOutcome.ANSWERED));
        assertEquals(2, events.remoteCalls("openSession", RemoteCallOutcome.ANSWERED));
        assertEquals(0, events.remoteCalls("tryLockInSession", RemoteCallOutcome.FAILED));
    }

    @Test
    void anAcquisitionServedByALocalHandOffIsReported() throws Exception {
        DistributeLock node = observedNode();
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        Future<Void> next = cluster.inOtherThread(() -> {
            node.lock(TYPE, KEY, PATIENCE_MILLIS);
            node.unlock(TYPE, KEY);
            return null;
        });
        Await.until("the second thread queues locally", () -> node.localQueueLength(TYPE, KEY) == 1);

        node.unlock(TYPE, KEY);
        await(next);

        assertEquals(1, activity.handoffs());
        assertEquals(2, activity.acquired());
        assertEquals(1, events.remoteCalls("tryLockInSession", RemoteCallOutcome.ANSWERED));
        assertTrue(events.lockEvents().contains("handed-off orders"));
    }

    @Test
    void aForceRemovedLockIsReportedLostAsRemoved() throws Exception {
        DistributeLock node = observedNode();
        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        cluster.master.forceRemove(TYPE, KEY);
        Await.until("the loss is noticed", () -> node.isLost(TYPE, KEY));
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));

        assertEquals(List.of("acquired orders", "released orders", "lost orders REMOVED"), events.lockEvents());
        assertEquals(1, activity.lost(LossReason.REMOVED));
        assertEquals(0, activity.held());
    }

    @Test
    void aSessionTheMasterEndedIsReportedAsSessionEnded() throws Exception {
        DistributeLock node = observedNode();
        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        cluster.master.expireSession(cluster.master.sessionIds().iterator().next());
        Await.until("the keep-alive is refused", () -> node.isLost(TYPE, KEY));
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));

        assertEquals(1, activity.lost(LossReason.SESSION_ENDED));
        assertEquals(1, activity.lost());
    }

    @Test
    void unconfirmedKeepAlivesAreReportedAsSessionTimedOut() throws Exception {
        DistributeLock node = observedNode();
        cluster.master.fail(Operation.KEEP_ALIVE_SESSION, Failure.BEFORE_CALL);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);

        Await.until("the TTL runs out", () -> node.isLost(TYPE, KEY));
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));

        assertEquals(1, activity.lost(LossReason.SESSION_TIMED_OUT));
        assertTrue(events.remoteCalls("keepAliveSession", RemoteCallOutcome.FAILED) >= 1);
    }

    @Test
    void theSessionIsAliveOnceOpenedAndNotAfterTheMasterEndedIt() throws Exception {
        DistributeLock node = observedNode();
        assertFalse(node.hasLiveSession(), "no session before the first acquisition");

        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        assertTrue(node.hasLiveSession());
        cluster.master.expireSession(cluster.master.sessionIds().iterator().next());

        Await.until("the keep-alive is refused", () -> !node.hasLiveSession());
        assertThrows(LockLostException.class, () -> node.unlock(TYPE, KEY));
    }
}
