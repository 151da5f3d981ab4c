package io.lockfacade.server.admin;

import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.fencing.FencingTokenSource;
import io.lockfacade.server.table.Acquisition;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockTable;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockRemovalTest {

    private static final long LEASE = 60_000;
    private static final LockKey ORDER_1 = new LockKey("order", "1");

    private final LockTable table = new LockTable(new FencingTokenSource(), new ExpirySchedule(Duration.ofMillis(10)),
            System::nanoTime, System::currentTimeMillis);
    private final LockRemoval removal = new LockRemoval(table);

    private long hold(LockKey key, String owner) {
        return table.acquire(key, owner, LEASE, false).handout().grant().getFencingToken();
    }

    @Test
    void removingAHeldLockFreesItAndTheFormerHolderCannotRenewOrUnlock() {
        long token = hold(ORDER_1, "a");

        RemovalResult result = removal.remove(ORDER_1, OptionalLong.empty());

        assertEquals(RemovalResult.Outcome.REMOVED, result.outcome());
        assertEquals("a", result.removed().owner());
        assertEquals(token, result.removed().fencingToken());
        assertNull(result.current());
        assertTrue(table.describe(ORDER_1).isEmpty());
        assertFalse(table.renew(ORDER_1, "a", LEASE));
        assertFalse(table.release(ORDER_1, "a"));
    }

    @Test
    void theOldestWaiterGetsARemovedLockAtOnce() {
        hold(ORDER_1, "a");
        Acquisition first = table.acquire(ORDER_1, "b", LEASE, true);
        table.acquire(ORDER_1, "c", LEASE, true);

        RemovalResult result = removal.remove(ORDER_1, OptionalLong.empty());

        assertEquals("b", result.current().owner());
        assertTrue(first.waiter().result().isDone());
        assertEquals("b", table.describe(ORDER_1).orElseThrow().owner());
        assertEquals(1, table.describe(ORDER_1).orElseThrow().waiters());
    }

    @Test
    void aLockNotHeldIsReportedAndNothingChanges() {
        hold(new LockKey("order", "2"), "a");

        RemovalResult result = removal.remove(ORDER_1, OptionalLong.of(1));

        assertEquals(RemovalResult.Outcome.NOT_HELD, result.outcome());
        assertEquals(1, table.size());
    }

    @Test
    void aLockThatChangedHandsIsLeftToItsNewHolder() {
        long old = hold(ORDER_1, "a");
        table.release(ORDER_1, "a");
        long now = hold(ORDER_1, "b");

        RemovalResult result = removal.remove(ORDER_1, OptionalLong.of(old));

        assertEquals(RemovalResult.Outcome.CHANGED_HANDS, result.outcome());
        assertEquals(now, result.current().fencingToken());
        assertEquals("b", table.describe(ORDER_1).orElseThrow().owner());
    }

    @Test
    void theExpectedTokenLetsTheRemovalThrough() {
        long token = hold(ORDER_1, "a");

        assertEquals(RemovalResult.Outcome.REMOVED, removal.remove(ORDER_1, OptionalLong.of(token)).outcome());
    }

    @Test
    void removingATypeRemovesOnlyThatTypeAndHandsLocksToWaiters() {
        hold(new LockKey("order", "2"), "a");
        hold(ORDER_1, "a");
        hold(new LockKey("stock", "1"), "a");
        table.acquire(ORDER_1, "b", LEASE, true);

        List<LockInfo> removed = removal.removeAllOfType("order");

        assertEquals(List.of("1", "2"), removed.stream().map(LockInfo::key).toList());
        assertEquals("b", table.describe(ORDER_1).orElseThrow().owner());
        assertTrue(table.describe(new LockKey("order", "2")).isEmpty());
        assertTrue(table.describe(new LockKey("stock", "1")).isPresent());
        assertTrue(removal.removeAllOfType("nothing").isEmpty());
    }
}
