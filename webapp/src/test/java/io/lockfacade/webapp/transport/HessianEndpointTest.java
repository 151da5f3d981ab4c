package io.lockfacade.webapp.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lock service through Caucho's own Hessian proxy, over real HTTP to a real master. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HessianEndpointTest {

    private static final long LEASE = 30_000;

    private static MasterServer master;
    private static MemoryLockService locks;

    private String type;

    @BeforeAll
    static void startMaster() {
        master = Masters.start();
        locks = HessianClients.proxy(master.serviceUri());
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @BeforeEach
    void uniqueType(TestInfo test) {
        type = test.getTestMethod().orElseThrow().getName();
    }

    @Test
    void grantsAFreeLockAndReleasesIt() {
        LockGrant grant = locks.tryLock(type, "k", "alice", LEASE, 0);
        assertNotNull(grant);
        assertEquals(type, grant.getLockType());
        assertEquals("k", grant.getKey());
        assertEquals("alice", grant.getOwner());
        assertEquals(LEASE, grant.getLeaseMillis());
        assertTrue(grant.getFencingToken() > 0);
        assertFalse(locks.isLockTypeEmpty(type));
        assertTrue(locks.unlock(type, "k", "alice"));
        assertTrue(locks.isLockTypeEmpty(type));
    }

    @Test
    void answersBusyWithNullWithoutWaiting() {
        assertNotNull(locks.tryLock(type, "k", "alice", LEASE, 0));
        assertNull(locks.tryLock(type, "k", "bob", LEASE, 0));
    }

    @Test
    void tryLockIsIdempotentForTheHolder() {
        LockGrant first = locks.tryLock(type, "k", "alice", LEASE, 0);
        LockGrant again = locks.tryLock(type, "k", "alice", LEASE, 0);
        assertEquals(first.getFencingToken(), again.getFencingToken());
        assertTrue(locks.unlock(type, "k", "alice"));
        assertFalse(locks.unlock(type, "k", "alice"), "one unlock releases a lock taken twice by one owner");
    }

    @Test
    void unlockByAnotherOwnerChangesNothing() {
        LockGrant grant = locks.tryLock(type, "k", "alice", LEASE, 0);
        assertFalse(locks.unlock(type, "k", "bob"));
        assertEquals(grant.getFencingToken(), locks.tryLock(type, "k", "alice", LEASE, 0).getFencingToken());
        assertEquals("alice", TableProbe.lock(master, type, "k").orElseThrow().owner());
    }

    @Test
    void renewExtendsOnlyTheHoldersLease() {
        locks.tryLock(type, "k", "alice", LEASE, 0);
        assertTrue(locks.renew(type, "k", "alice", LEASE));
        assertFalse(locks.renew(type, "k", "bob", LEASE));
        assertFalse(locks.renew(type, "other", "alice", LEASE));
    }

    @Test
    void aWaitingTryLockIsWokenByUnlockFromAnotherThread() throws Exception {
        LockGrant first = locks.tryLock(type, "k", "alice", LEASE, 0);
        MemoryLockService otherClient = HessianClients.proxy(master.serviceUri());
        CompletableFuture<LockGrant> waiting = CompletableFuture.supplyAsync(
                () -> otherClient.tryLock(type, "k", "bob", LEASE, 9_000));
        TableProbe.awaitWaiters(master, type, "k", 1);
        assertTrue(locks.unlock(type, "k", "alice"));
        LockGrant second = waiting.get(20, TimeUnit.SECONDS);
        assertNotNull(second, "woken by the unlock, long before the wait ended");
        assertEquals("bob", second.getOwner());
        assertTrue(second.getFencingToken() > first.getFencingToken());
    }

    @Test
    void aBadArgumentComesBackAsIllegalArgumentExceptionNamingItWithoutServerFrames() {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> locks.tryLock(type, "", "alice", LEASE, 0));
        assertTrue(bad.getMessage().contains("key"), bad.getMessage());
        assertNull(bad.getCause());
        assertNoServerFrames(bad);
        assertTrue(locks.isLockTypeEmpty(type), "the table is unchanged");
    }

    @Test
    void everyMethodChecksItsArguments() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> locks.unlock(type, "k", null))
                .getMessage().contains("owner"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> locks.renew(type, "k", "alice", 5))
                .getMessage().contains("leaseMillis"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> locks.isLockTypeEmpty("a\u0007b"))
                .getMessage().contains("lockType"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> locks.tryLock(type, "k", "alice", LEASE, -1))
                .getMessage().contains("waitMillis"));
    }

    private static void assertNoServerFrames(Throwable thrown) {
        boolean serverFrame = Arrays.stream(thrown.getStackTrace())
                .anyMatch(frame -> frame.getClassName().startsWith("io.lockfacade.server"));
        assertFalse(serverFrame, () -> "server frames leaked: " + Arrays.toString(thrown.getStackTrace()));
    }
}
