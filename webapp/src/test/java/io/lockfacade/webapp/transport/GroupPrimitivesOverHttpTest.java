package io.lockfacade.webapp.transport;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.LocalMasterGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A master group serves read-write locks, semaphores and leaderships over HTTP, through its leader's log: a waiting
 * call parks on the leader and is answered when a release commits; faults travel as on the single master; a
 * follower answers "not leader".
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GroupPrimitivesOverHttpTest {

    @Test
    void theLeaderServesEveryPrimitiveCallAndAFollowerNamesTheLeader(@TempDir Path dataRoot) throws Exception {
        try (LocalMasterGroup group = LocalMasterGroup.start(dataRoot)) {
            MasterServer leader = group.awaitServingLeader();
            MemoryLockService locks = HessianClients.proxy(leader.serviceUri());
            PrimitiveLockService primitives = HessianClients.primitives(leader.serviceUri());
            String alice = "group-primitives-a-" + System.nanoTime();
            String bob = "group-primitives-b-" + System.nanoTime();
            locks.openSession(alice, 60_000);
            locks.openSession(bob, 60_000);

            LockGrant read = primitives.tryReadLockInSession("t", "k", "alice", alice, 0);
            assertNotNull(read);
            assertThrows(AcquisitionRefusedException.class,
                    () -> primitives.tryWriteLockInSession("t", "k", "alice", alice, 0));
            CompletableFuture<LockGrant> writer = CompletableFuture.supplyAsync(
                    () -> primitives.tryWriteLockInSession("t", "k", "bob", bob, 20_000));
            Await.until("a new reader queues behind the parked writer", () -> {
                if (primitives.tryReadLockInSession("t", "k", "dave", alice, 0) == null) {
                    return true;
                }
                primitives.unlockRead("t", "k", "dave"); // the writer was not parked yet
                return false;
            });
            assertTrue(primitives.unlockRead("t", "k", "alice"));
            LockGrant written = writer.get(30, TimeUnit.SECONDS);
            assertNotNull(written, "the parked writer got the lock when the reader left");
            assertTrue(written.getFencingToken() > read.getFencingToken());
            assertTrue(primitives.unlockWrite("t", "k", "bob"));
            assertFalse(primitives.unlockWrite("t", "k", "bob"));

            assertNotNull(primitives.tryAcquirePermits("t", "s", "h", 2, 3, alice, 0));
            assertEquals(1, primitives.availablePermits("t", "s"));
            assertTrue(primitives.releasePermits("t", "s", "h", 0));
            assertEquals(-1, primitives.availablePermits("t", "s"), "an idle semaphore keeps no capacity");

            LockGrant leads = primitives.joinLeadership("jobs", "alice", alice, 0);
            assertNotNull(leads);
            assertNull(primitives.joinLeadership("jobs", "bob", bob, 0));
            assertEquals(leads.getFencingToken(), primitives.leadershipEpoch("jobs", "alice"));
            assertTrue(primitives.leaveLeadership("jobs", "alice"));
            assertTrue(primitives.leadershipEpoch("jobs", "bob") > leads.getFencingToken(), "bob leads next");

            PrimitiveLockService follower = HessianClients.primitives(
                    group.followersOf(leader).get(0).serviceUri());
            assertThrows(NotLeaderException.class, () -> follower.availablePermits("t", "s"));
            assertThrows(NotLeaderException.class, () -> follower.tryReadLockInSession("t", "k", "x", alice, 0));
        }
    }
}
