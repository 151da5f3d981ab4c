package io.lockfacade.webapp.transport;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.LocalMasterGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A master group does not serve read-write locks, semaphores and leaderships yet: over HTTP, on its leader, every
 * one of their calls is answered with a clear {@link CallNotServedException} naming the call, never a wrong answer,
 * and its locks are untouched.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GroupPrimitivesNotServedTest {

    @Test
    void everyPrimitiveCallIsAnsweredNotServedAndNothingChanges(@TempDir Path dataRoot) throws Exception {
        try (LocalMasterGroup group = LocalMasterGroup.start(dataRoot)) {
            MasterServer leader = group.awaitServingLeader();
            MemoryLockService locks = HessianClients.proxy(leader.serviceUri());
            PrimitiveLockService primitives = HessianClients.primitives(leader.serviceUri());
            String session = "group-primitives-" + System.nanoTime();
            locks.openSession(session, 60_000);

            List<Executable> calls = List.of(
                    () -> primitives.tryReadLockInSession("t", "k", "alice", session, 0),
                    () -> primitives.tryWriteLockInSession("t", "k", "alice", session, 0),
                    () -> primitives.unlockRead("t", "k", "alice"),
                    () -> primitives.unlockWrite("t", "k", "alice"),
                    () -> primitives.tryAcquirePermits("t", "k", "h", 1, 2, session, 0),
                    () -> primitives.releasePermits("t", "k", "h", 0),
                    () -> primitives.availablePermits("t", "k"),
                    () -> primitives.joinLeadership("n", "p", session, 0),
                    () -> primitives.leaveLeadership("n", "p"),
                    () -> primitives.leadershipEpoch("n", "p"));
            assertAll(calls.stream().map(call -> () -> {
                CallNotServedException refused = assertThrows(CallNotServedException.class, call);
                assertTrue(refused.getMessage().contains("not served"), refused::getMessage);
            }));
            assertNotNull(locks.tryLockInSession("t", "k", "alice", session, 0), "locks are served as before");
        }
    }
}
