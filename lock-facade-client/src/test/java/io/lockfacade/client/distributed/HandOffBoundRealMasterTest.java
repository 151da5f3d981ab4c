package io.lockfacade.client.distributed;

import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The end of a run of local hand-offs against a real master over HTTP: the node asks the master to yield the
 * grant, and the answer (kept, or released to a parked call of another node) crosses the wire both ways.
 */
class HandOffBoundRealMasterTest {

    private static final String TYPE = "orders";
    private static final String KEY = "42";
    private static final long PATIENCE_MILLIS = 10_000;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<DistributeLock> nodes = new ArrayList<>();
    private MasterServer master;

    @BeforeEach
    void startMaster() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("bound-test").withPort(0));
    }

    @AfterEach
    void stopAll() throws Exception {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        nodes.forEach(DistributeLock::close);
        master.stop();
    }

    @Test
    void theMasterKeepsTheGrantForTheNodeWhenNoOtherNodeWaits() throws Exception {
        DistributeLock node = node("node-a", 1);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        List<Future<Long>> queued = queueTwoLocalThreads(node);

        node.unlock(TYPE, KEY);

        assertEquals(token, token(queued.get(0)));
        assertEquals(token, token(queued.get(1)), "kept at the bound: the same grant, not a new one");
    }

    @Test
    void theMasterYieldsTheGrantToAnotherNodesParkedCall() throws Exception {
        DistributeLock node = node("node-a", 1);
        DistributeLock other = node("node-b", DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        List<Future<Long>> queued = queueTwoLocalThreads(node);
        Future<Long> elsewhere = lockRecordTokenAndUnlock(other);
        Await.until("node-b's call parks on the master", () -> master.service().table()
                .describe(new LockKey(TYPE, KEY)).map(lock -> lock.waiters() == 1).orElse(false));

        node.unlock(TYPE, KEY);

        assertEquals(token, token(queued.get(0)));
        long otherToken = token(elsewhere);
        assertTrue(otherToken > token, "node-b got the lock at the bound");
        assertTrue(token(queued.get(1)) > otherToken, "node-a's next thread asked again, behind node-b");
    }

    private DistributeLock node(String nodeId, int maxLocalHandoffs) {
        DistributeLock node = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(nodeId).withMaxLocalHandoffs(maxLocalHandoffs));
        nodes.add(node);
        return node;
    }

    private List<Future<Long>> queueTwoLocalThreads(DistributeLock node) {
        List<Future<Long>> queued = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            queued.add(lockRecordTokenAndUnlock(node));
            int length = i;
            Await.until(length + " threads queue locally", () -> node.localQueueLength(TYPE, KEY) == length);
        }
        return queued;
    }

    private Future<Long> lockRecordTokenAndUnlock(DistributeLock node) {
        return threads.submit(() -> {
            node.lock(TYPE, KEY, PATIENCE_MILLIS);
            try {
                return node.fencingToken(TYPE, KEY).orElseThrow();
            } finally {
                node.unlock(TYPE, KEY);
            }
        });
    }

    private static long token(Future<Long> thread) throws Exception {
        return thread.get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
    }
}
