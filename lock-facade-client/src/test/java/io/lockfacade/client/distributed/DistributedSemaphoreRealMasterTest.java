package io.lockfacade.client.distributed;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.SemaphoreContractTest;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link DistributeLock}'s semaphores on a real master over HTTP keep the semaphore contract; a master per test. */
class DistributedSemaphoreRealMasterTest extends SemaphoreContractTest {

    private static final String TYPE = "closing";
    private static final String KEY = "node";

    private MasterServer master;
    private DistributeLock locks;

    @Override
    protected LockFacade newLocks() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("semaphore-test").withPort(0));
        locks = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId("semaphores"));
        return locks;
    }

    @Test
    void closingANodeDoesNotFreeThePermitsItsThreadsStillHold() throws Exception {
        DistributeLock closing = node("closing");
        assertTrue(closing.semaphore(TYPE, KEY, 1).tryAcquire(1, 5, TimeUnit.SECONDS));
        closing.close();
        DistributeLock other = node("other");
        try {
            assertFalse(other.semaphore(TYPE, KEY, 1).tryAcquire(1, 0, TimeUnit.SECONDS),
                    "the closed node's session was not closed under its permit");
        } finally {
            other.close();
        }
    }

    @Test
    void aClientWithoutThePrimitiveCallsSaysSoAndHoldsNothing() {
        try (DistributeLock bare = new DistributeLock(master.service(),
                DistributeLockSettings.defaults().withNodeId("bare"))) {
            assertThrows(CallNotServedException.class,
                    () -> bare.semaphore(TYPE, KEY, 1).tryAcquire(1, 0, TimeUnit.SECONDS));
            assertThrows(CallNotServedException.class, () -> bare.leadership("bare", new LeadershipListener() {
                @Override
                public void elected(long epoch) {
                }

                @Override
                public void revoked() {
                }
            }));
        }
    }

    private DistributeLock node(String nodeId) {
        return new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(nodeId));
    }

    @Override
    protected void closeLocks() {
        locks.close();
        master.stop();
    }
}
