package io.lockfacade.bench.baseline;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArticleLockTableTest {

    private static final long LEASE = 60_000;

    private final ArticleLockTable table = new ArticleLockTable();

    @Test
    void aFreeLockGoesToTheFirstOwnerOnly() {
        assertNotNull(table.tryLock("t", "k", "a", LEASE));
        assertNull(table.tryLock("t", "k", "b", LEASE));
        assertFalse(table.isLockTypeEmpty("t"));
    }

    @Test
    void theHolderAskingAgainGetsItsEntryBack() {
        ArticleLockEntry first = table.tryLock("t", "k", "a", LEASE);
        assertSame(first, table.tryLock("t", "k", "a", LEASE));
        assertEquals(1, table.grantCount());
    }

    @Test
    void onlyTheHolderReleases() {
        table.tryLock("t", "k", "a", LEASE);
        assertFalse(table.unlock("t", "k", "b"));
        assertTrue(table.unlock("t", "k", "a"));
        assertTrue(table.isLockTypeEmpty("t"));
    }

    @Test
    void anExpiredLockStaysHeldUntilTheScanRemovesIt() throws InterruptedException {
        table.tryLock("t", "k", "a", 1);
        Thread.sleep(5);
        assertNull(table.tryLock("t", "k", "b", LEASE));
        assertEquals(1, table.expireAll());
        assertNotNull(table.tryLock("t", "k", "b", LEASE));
    }

    @Test
    void aWaitingCallPollsUntilTheLockIsFree() throws Exception {
        try (ArticleMasterService master = new ArticleMasterService()) {
            master.tryLock("t", "k", "a", LEASE, 0);
            Thread releaser = new Thread(() -> master.unlock("t", "k", "a"));
            releaser.start();
            assertNotNull(master.tryLock("t", "k", "b", LEASE, ArticleMasterService.RETRY_INTERVAL.toMillis() * 5));
            releaser.join();
        }
    }
}
