package io.lockfacade.group.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.ParkingPrimitiveService;
import io.lockfacade.server.table.Handout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Read-write locks, semaphores and leaderships across a leader change of an in-process group: the calls parked on
 * the old leader fail with "not leader" (their callers ask the new one), every grant, permit and leadership of a
 * live session is kept with its token, the old leader's places in line are gone, and the new leader serves the next
 * waiter with a higher token.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GroupPrimitivesFailoverTest {

    private static final long WAIT = 30_000;

    @TempDir
    Path dataRoot;

    @Test
    void parkedCallsFailOnStepDownAndGrantsSurviveTheNewLeader() throws Exception {
        try (LocalGroup group = LocalGroup.start(3, dataRoot, FsyncPolicy.DEFAULT, MasterSettings.defaults())) {
            int first = group.awaitServingLeader();
            GroupMemberLockService old = group.service(first);
            for (String session : List.of("a", "b")) {
                old.openSession(session, 60_000);
            }
            ParkingPrimitiveService before = old.primitives().orElseThrow();
            LockGrant read = before.tryReadLockInSession("t", "rw", "alice", "a", 0);
            LockGrant permit = before.tryAcquirePermits("t", "sem", "h1", 1, 1, "a", 0);
            LockGrant leads = before.joinLeadership("jobs", "alice", "a", 0);
            List<CompletableFuture<Handout>> parked = List.of(
                    before.tryWriteLockAsync("t", "rw", "bob", "b", WAIT),
                    before.tryAcquirePermitsAsync("t", "sem", "h2", 1, 1, "b", WAIT),
                    before.joinLeadershipAsync("jobs", "bob", "b", WAIT));
            assertNull(before.tryReadLockInSession("t", "rw", "carol", "b", 0), "the writer is in line");

            group.stopMember(first);

            for (CompletableFuture<Handout> call : parked) {
                ExecutionException failed = assertThrows(ExecutionException.class,
                        () -> call.get(10, TimeUnit.SECONDS));
                assertInstanceOf(NotLeaderException.class, failed.getCause());
            }
            ParkingPrimitiveService after = group.service(group.awaitServingLeader()).primitives().orElseThrow();
            assertEquals(read.getFencingToken(),
                    after.tryReadLockInSession("t", "rw", "alice", "a", 0).getFencingToken());
            assertNotNull(after.tryReadLockInSession("t", "rw", "carol", "b", 0),
                    "the old leader's waiting writer holds no place in line");
            assertEquals(0, after.availablePermits("t", "sem"));
            assertEquals(permit.getFencingToken(),
                    after.tryAcquirePermits("t", "sem", "h1", 1, 1, "a", 0).getFencingToken());
            assertEquals(leads.getFencingToken(), after.leadershipEpoch("jobs", "alice"));
            assertEquals(0, after.leadershipEpoch("jobs", "bob"), "bob still takes part");

            CompletableFuture<Handout> writer = after.tryWriteLockAsync("t", "rw", "bob", "b", WAIT);
            assertTrue(after.unlockRead("t", "rw", "alice"));
            assertTrue(after.unlockRead("t", "rw", "carol"));
            long written = writer.get(10, TimeUnit.SECONDS).grant().getFencingToken();
            assertTrue(written > Math.max(read.getFencingToken(), leads.getFencingToken()));
            assertTrue(after.leaveLeadership("jobs", "alice"));
            assertTrue(after.leadershipEpoch("jobs", "bob") > written, "bob leads with a new epoch");
        }
    }
}
