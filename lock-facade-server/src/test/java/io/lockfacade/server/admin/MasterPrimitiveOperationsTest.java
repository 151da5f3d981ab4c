package io.lockfacade.server.admin;

import io.lockfacade.api.LockGrant;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.service.ParkingPrimitiveService;
import io.lockfacade.server.table.LeadershipView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The single master's operator actions on read-write locks, semaphores and leaderships, as the admin pages reach
 * them ({@link AdminSource#primitives()}): transitions of its table that serve the calls parked behind them.
 */
class MasterPrimitiveOperationsTest {

    private final MemoryLockServiceImpl master = new MemoryLockServiceImpl(MasterSettings.defaults());
    private final AdminPrimitives admin = AdminSource.of(master).primitives();
    private final ParkingPrimitiveService primitives = master.primitives().orElseThrow();

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void operatorActionsFreeWhatTheyNameAndServeWhoWaits() throws Exception {
        master.openSession("a", 60_000);
        master.openSession("b", 60_000);
        LockGrant reader = primitives.tryReadLockInSession("t", "k", "alice", "a", 0);
        CompletableFuture<LockGrant> writer = primitives.tryWriteLockAsync("t", "k", "bob", "b", 30_000)
                .thenApply(handout -> handout.grant());
        assertTrue(admin.operations().forceReleaseReadWrite("t", "k", 0));
        assertTrue(writer.get(10, TimeUnit.SECONDS).getFencingToken() > reader.getFencingToken());

        primitives.tryAcquirePermits("t", "s", "h1", 1, 1, "a", 0);
        assertNull(primitives.tryAcquirePermits("t", "s", "h2", 1, 1, "b", 0));
        admin.operations().setCapacity("t", "s", 3);
        assertEquals(2, primitives.availablePermits("t", "s"));
        assertTrue(admin.operations().forceReleasePermits("t", "s", 0));
        assertFalse(admin.operations().forceReleasePermits("t", "s", 0), "nothing left to release");

        LockGrant leader = primitives.joinLeadership("jobs", "alice", "a", 0);
        primitives.joinLeadership("jobs", "bob", "b", 0);
        assertTrue(admin.operations().revokeLeadership("jobs", leader.getFencingToken()));
        LeadershipView jobs = admin.listing().leaderships().get(0);
        assertEquals("bob", jobs.leader());
        assertTrue(jobs.epoch() > leader.getFencingToken());
        assertEquals("bob", admin.listing().readWriteLocks().get(0).writer().owner());
        assertThrows(IllegalArgumentException.class, () -> admin.operations().setCapacity("t", "s", 0));
    }
}
