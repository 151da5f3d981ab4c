package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How parked calls are served: order, give-up, retries, undelivered grants. */
class WaiterQueueTest {

    private static final LockKey KEY = new LockKey("stock", "sku-1");
    private static final long LEASE = 1_000;

    private final TableFixture fx = new TableFixture();

    @Test
    void waitersAreServedInArrivalOrder() {
        Handout first = fx.grant(KEY, "a", LEASE);
        Waiter b = fx.park(KEY, "b", LEASE);
        Waiter c = fx.park(KEY, "c", LEASE);

        fx.table.release(KEY, "a");
        assertTrue(b.result().isDone());
        assertFalse(c.result().isDone());
        fx.table.release(KEY, "b");

        Handout toB = b.result().join();
        Handout toC = c.result().join();
        assertEquals("b", toB.grant().getOwner());
        assertEquals("c", toC.grant().getOwner());
        assertTrue(first.grant().getFencingToken() < toB.grant().getFencingToken());
        assertTrue(toB.grant().getFencingToken() < toC.grant().getFencingToken());
    }

    @Test
    void waiterIsGrantedTheMomentTheLeaseExpires() {
        fx.grant(KEY, "a", 200);
        Waiter b = fx.park(KEY, "b", LEASE);
        fx.advanceMillis(250);

        fx.sweep();

        assertEquals("b", b.result().join().grant().getOwner());
        assertEquals("b", fx.holderOf(KEY));
    }

    @Test
    void waiterThatGaveUpIsSkipped() {
        fx.grant(KEY, "a", LEASE);
        Waiter b = fx.park(KEY, "b", LEASE);
        Waiter c = fx.park(KEY, "c", LEASE);

        assertTrue(b.giveUp());
        fx.table.release(KEY, "a");

        assertNull(b.result().join());
        assertEquals("c", c.result().join().grant().getOwner());
    }

    @Test
    void giveUpAfterGrantFailsAndKeepsGrant() {
        fx.grant(KEY, "a", LEASE);
        Waiter b = fx.park(KEY, "b", LEASE);
        fx.table.release(KEY, "a");

        assertFalse(b.giveUp());

        assertEquals("b", b.result().join().grant().getOwner());
    }

    @Test
    void lockIsFreedWhenEveryWaiterGaveUp() {
        fx.grant(KEY, "a", LEASE);
        fx.park(KEY, "b", LEASE).giveUp();

        fx.table.release(KEY, "a");

        assertEquals(0, fx.table.size());
        assertTrue(fx.table.isTypeEmpty("stock"));
    }

    @Test
    void retryOfSameOwnerReplacesItsEarlierWaitingCall() {
        fx.grant(KEY, "a", LEASE);
        Waiter firstCall = fx.park(KEY, "b", LEASE);

        Waiter retry = fx.park(KEY, "b", LEASE);
        fx.table.release(KEY, "a");

        assertNull(firstCall.result().join());
        assertEquals("b", retry.result().join().grant().getOwner());
        assertEquals(0, fx.table.describe(KEY).orElseThrow().waiters());
    }

    @Test
    void undeliveredGrantGoesToTheNextWaiter() {
        fx.grant(KEY, "a", LEASE);
        Waiter dead = fx.park(KEY, "b", LEASE);
        Waiter alive = fx.park(KEY, "c", LEASE);
        fx.table.release(KEY, "a");

        assertTrue(fx.table.releaseUndelivered(dead.result().join()));

        assertEquals("c", alive.result().join().grant().getOwner());
    }

    @Test
    void undeliveredGrantIsKeptWhenARetryWasHandedItSince() {
        fx.grant(KEY, "a", LEASE);
        Waiter firstCall = fx.park(KEY, "b", LEASE);
        fx.table.release(KEY, "a");
        Handout lost = firstCall.result().join();

        Handout retried = fx.grant(KEY, "b", LEASE);

        assertFalse(fx.table.releaseUndelivered(lost));
        assertEquals(lost.grant().getFencingToken(), retried.grant().getFencingToken());
        assertEquals("b", fx.holderOf(KEY));
    }

    @Test
    void forceRemoveGivesLockToOldestWaiter() {
        fx.grant(KEY, "a", LEASE);
        Waiter b = fx.park(KEY, "b", LEASE);
        fx.park(KEY, "c", LEASE);

        fx.table.forceRemove(KEY);

        assertEquals("b", b.result().join().grant().getOwner());
        assertEquals(1, fx.table.describe(KEY).orElseThrow().waiters());
    }
}
