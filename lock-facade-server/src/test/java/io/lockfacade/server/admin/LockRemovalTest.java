package io.lockfacade.server.admin;

import io.lockfacade.server.service.LiveTable;
import io.lockfacade.server.service.LiveTableFixture;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockRemovalTest {

    private static final long LEASE = 60_000;
    private static final LockKey ORDER_1 = new LockKey("order", "1");

    private final LiveTableFixture fx = new LiveTableFixture();
    private final LiveTable table = fx.table;
    private final LockRemoval removal = new LockRemoval(AdminLocks.of(table));

    @AfterEach
    void stop() {
        fx.close();
    }

    private long hold(LockKey key, String owner) {
        return fx.grant(key, owner, LEASE).grant().getFencingToken();
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
        CompletableFuture<Handout> first = fx.park(ORDER_1, "b", LEASE);
        fx.park(ORDER_1, "c", LEASE);

        RemovalResult result = removal.remove(ORDER_1, OptionalLong.empty());

        assertEquals("b", result.current().owner());
        assertTrue(first.isDone());
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
        fx.park(ORDER_1, "b", LEASE);

        List<LockInfo> removed = removal.removeAllOfType("order");

        assertEquals(List.of("1", "2"), removed.stream().map(LockInfo::key).toList());
        assertEquals("b", table.describe(ORDER_1).orElseThrow().owner());
        assertTrue(table.describe(new LockKey("order", "2")).isEmpty());
        assertTrue(table.describe(new LockKey("stock", "1")).isPresent());
        assertTrue(removal.removeAllOfType("nothing").isEmpty());
    }
}
