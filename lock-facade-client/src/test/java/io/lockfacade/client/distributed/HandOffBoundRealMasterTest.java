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
 * The end of a run of local hand-offs against a real master over HTTP: the node asks the master in the background
 * whether another node waits, and yields the grant to that node's parked call only if one does; both questions
 * and their answers cross the wire.
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
    void theMasterSaysNobodyWaitsAndTheNodeKeepsTheGrantWithoutAYield() throws Exception {
        DistributeLock node = node("node-a", 1);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, threads, PATIENCE_MILLIS);

        node.unlock(TYPE, KEY);
        queue.passTheBoundOnceAnswered(WaiterProbe.Answer.NOBODY_WAITS);

        for (int i = 0; i < 3; i++) {
            assertEquals(token, token(queue.token(i)), "kept at the bound: the same grant, not a new one");
        }
    }

    @Test
    void theMasterSaysAnotherNodeWaitsAndYieldsTheGrantToItsParkedCall() throws Exception {
        DistributeLock node = node("node-a", 1);
        DistributeLock other = node("node-b", DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS);
        node.lock(TYPE, KEY, PATIENCE_MILLIS);
        long token = node.fencingToken(TYPE, KEY).orElseThrow();
        LocalQueue queue = LocalQueue.of(node, TYPE, KEY, 3, threads, PATIENCE_MILLIS);
        Future<Long> elsewhere = lockRecordTokenAndUnlock(other);
        Await.until("node-b's call parks on the master", () -> master.service().table()
                .describe(new LockKey(TYPE, KEY)).map(lock -> lock.waiters() == 1).orElse(false));

        node.unlock(TYPE, KEY);
        queue.passTheBoundOnceAnswered(WaiterProbe.Answer.OTHERS_WAIT);

        assertEquals(token, token(queue.token(0)));
        assertEquals(token, token(queue.token(1)), "handed off while the question was on its way");
        long otherToken = token(elsewhere);
        assertTrue(otherToken > token, "node-b got the lock at the bound");
        assertTrue(token(queue.token(2)) > otherToken, "node-a's next thread asked again, behind node-b");
    }

    private DistributeLock node(String nodeId, int maxLocalHandoffs) {
        DistributeLock node = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(nodeId).withMaxLocalHandoffs(maxLocalHandoffs));
        nodes.add(node);
        return node;
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
