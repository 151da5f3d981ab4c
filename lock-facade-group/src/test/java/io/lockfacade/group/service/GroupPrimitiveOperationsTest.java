package io.lockfacade.group.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.server.admin.AdminPrimitives;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.ParkingPrimitiveService;
import io.lockfacade.server.table.PrimitivesListing;
import io.lockfacade.server.table.SemaphoreView;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An operator's actions on read-write locks, semaphores and leaderships through a group's admin source: each is a
 * command through the log, serves the calls parked behind what it frees, and is refused on a follower.
 */
class GroupPrimitiveOperationsTest {

    @TempDir
    static Path dataRoot;

    private static LocalGroup group;
    private static int leader;

    @BeforeAll
    static void startGroup() throws Exception {
        group = LocalGroup.start(3, dataRoot, FsyncPolicy.DEFAULT, MasterSettings.defaults());
        leader = group.awaitServingLeader();
        group.awaitSameAppliedIndex();
    }

    @AfterAll
    static void stopGroup() {
        group.close();
    }

    private static AdminPrimitives admin(int member) {
        return new GroupAdminSource(group.service(member), Clock.systemUTC()).primitives();
    }

    private static ParkingPrimitiveService primitives() {
        return group.service(leader).primitives().orElseThrow();
    }

    private static String session(String name) {
        String id = name + "-" + System.nanoTime();
        group.service(leader).openSession(id, 60_000);
        return id;
    }

    @Test
    void aForcedReleaseOfTheWriterServesTheParkedReaderAndTheListingShowsIt() throws Exception {
        String a = session("a");
        String b = session("b");
        LockGrant writer = primitives().tryWriteLockInSession("ops", "rw", "alice", a, 0);
        CompletableFuture<LockGrant> reader = primitives().tryReadLockAsync("ops", "rw", "bob", b, 30_000)
                .thenApply(handout -> handout.grant());
        assertFalse(admin(leader).operations().forceReleaseReadWrite("ops", "rw", writer.getFencingToken() + 1),
                "another grant's token releases nothing");

        assertTrue(admin(leader).operations().forceReleaseReadWrite("ops", "rw", writer.getFencingToken()));

        assertTrue(reader.get(10, TimeUnit.SECONDS).getFencingToken() > writer.getFencingToken());
        PrimitivesListing listing = admin(leader).listing();
        assertEquals("bob", listing.readWriteLocks().stream().filter(v -> v.lockKey().key().equals("rw"))
                .findFirst().orElseThrow().readers().get(0).owner());
    }

    @Test
    void aRaisedCapacityLetsTheParkedHolderInAndAForcedReleaseGivesEveryPermitBack() throws Exception {
        String a = session("a");
        assertNotNull(primitives().tryAcquirePermits("ops", "sem", "h1", 1, 1, a, 0));
        CompletableFuture<LockGrant> second = primitives().tryAcquirePermitsAsync("ops", "sem", "h2", 1, 1, a,
                30_000).thenApply(handout -> handout.grant());

        admin(leader).operations().setCapacity("ops", "sem", 2);

        assertNotNull(second.get(10, TimeUnit.SECONDS));
        SemaphoreView view = admin(leader).listing().semaphores().stream()
                .filter(v -> v.lockKey().key().equals("sem")).findFirst().orElseThrow();
        assertEquals(2, view.capacity());
        assertEquals(2, view.held());
        assertTrue(admin(leader).operations().forceReleasePermits("ops", "sem", 0));
        assertEquals(2, primitives().availablePermits("ops", "sem"), "an operator's capacity stays");
    }

    @Test
    void aRevokedLeaderHandsOverAtOnceAndAStaleEpochRevokesNothing() {
        String a = session("a");
        String b = session("b");
        LockGrant alice = primitives().joinLeadership("ops-jobs", "alice", a, 0);
        primitives().joinLeadership("ops-jobs", "bob", b, 0);

        assertTrue(admin(leader).operations().revokeLeadership("ops-jobs", alice.getFencingToken()));

        long bobsEpoch = primitives().leadershipEpoch("ops-jobs", "bob");
        assertTrue(bobsEpoch > alice.getFencingToken());
        assertEquals(-1, primitives().leadershipEpoch("ops-jobs", "alice"));
        assertFalse(admin(leader).operations().revokeLeadership("ops-jobs", alice.getFencingToken()));
        assertEquals(bobsEpoch, primitives().leadershipEpoch("ops-jobs", "bob"));
    }

    @Test
    void badArgumentsAreRefusedAndAFollowerChangesNothing() {
        assertThrows(IllegalArgumentException.class, () -> admin(leader).operations().setCapacity("ops", "k", 0));
        assertThrows(IllegalArgumentException.class,
                () -> admin(leader).operations().forceReleasePermits("ops", "k", -1));
        assertThrows(IllegalArgumentException.class, () -> admin(leader).operations().revokeLeadership("", 0));
        AdminPrimitives follower = admin((leader + 1) % group.size());
        assertThrows(NotLeaderException.class, () -> follower.operations().setCapacity("ops", "k", 3));
        assertThrows(NotLeaderException.class, () -> follower.operations().revokeLeadership("ops-jobs", 0));
    }
}
