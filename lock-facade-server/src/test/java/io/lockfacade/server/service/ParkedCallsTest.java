package io.lockfacade.server.service;

import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How parked calls are served: order, give-up, retries, undelivered grants. */
class ParkedCallsTest {

    private static final LockKey KEY = new LockKey("stock", "sku-1");
    private static final long LEASE = 1_000;

    private final LiveTableFixture fx = new LiveTableFixture();

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void waitersAreServedInArrivalOrder() {
        Handout first = fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> b = fx.park(KEY, "b", LEASE);
        CompletableFuture<Handout> c = fx.park(KEY, "c", LEASE);

        fx.table.release(KEY, "a");
        assertTrue(b.isDone());
        assertFalse(c.isDone());
        fx.table.release(KEY, "b");

        Handout toB = b.join();
        Handout toC = c.join();
        assertEquals("b", toB.grant().getOwner());
        assertEquals("c", toC.grant().getOwner());
        assertTrue(first.grant().getFencingToken() < toB.grant().getFencingToken());
        assertTrue(toB.grant().getFencingToken() < toC.grant().getFencingToken());
    }

    @Test
    void waiterIsGrantedTheMomentTheLeaseExpires() {
        fx.grant(KEY, "a", 200);
        CompletableFuture<Handout> b = fx.park(KEY, "b", LEASE);
        fx.advanceMillis(250);

        fx.sweep();

        assertEquals("b", b.join().grant().getOwner());
        assertEquals("b", fx.holderOf(KEY));
    }

    @Test
    void waiterThatGaveUpIsSkipped() {
        fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> b = fx.park(KEY, "b", LEASE);
        CompletableFuture<Handout> c = fx.park(KEY, "c", LEASE);

        assertTrue(b.cancel(false));
        fx.table.release(KEY, "a");

        assertTrue(b.isCancelled());
        assertEquals("c", c.join().grant().getOwner());
    }

    @Test
    void giveUpAfterGrantFailsAndKeepsGrant() {
        fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> b = fx.park(KEY, "b", LEASE);
        fx.table.release(KEY, "a");

        assertFalse(b.cancel(false));

        assertEquals("b", b.join().grant().getOwner());
    }

    @Test
    void lockIsFreedWhenEveryWaiterGaveUp() {
        fx.grant(KEY, "a", LEASE);
        fx.park(KEY, "b", LEASE).cancel(false);

        fx.table.release(KEY, "a");

        assertEquals(0, fx.table.size());
        assertTrue(fx.table.isTypeEmpty("stock"));
    }

    @Test
    void retryOfSameOwnerReplacesItsEarlierWaitingCall() {
        fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> firstCall = fx.park(KEY, "b", LEASE);

        CompletableFuture<Handout> retry = fx.park(KEY, "b", LEASE);
        fx.table.release(KEY, "a");

        assertNull(firstCall.join());
        assertEquals("b", retry.join().grant().getOwner());
        assertEquals(0, fx.table.describe(KEY).orElseThrow().waiters());
    }

    @Test
    void undeliveredGrantGoesToTheNextWaiter() {
        fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> dead = fx.park(KEY, "b", LEASE);
        CompletableFuture<Handout> alive = fx.park(KEY, "c", LEASE);
        fx.table.release(KEY, "a");

        assertTrue(fx.table.releaseUndelivered(dead.join()));

        assertEquals("c", alive.join().grant().getOwner());
    }

    @Test
    void undeliveredGrantIsKeptWhenARetryWasHandedItSince() {
        fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> firstCall = fx.park(KEY, "b", LEASE);
        fx.table.release(KEY, "a");
        Handout lost = firstCall.join();

        Handout retried = fx.grant(KEY, "b", LEASE);

        assertFalse(fx.table.releaseUndelivered(lost));
        assertEquals(lost.grant().getFencingToken(), retried.grant().getFencingToken());
        assertEquals("b", fx.holderOf(KEY));
    }

    @Test
    void aCallWhoseWaitIsOverIsAnsweredNotGrantedAndLeavesTheQueue() throws Exception {
        fx.grant(KEY, "a", LEASE);

        CompletableFuture<Handout> shortWait = fx.table.acquire(KEY, "b", LEASE, null, 50);

        assertNull(shortWait.get(5, TimeUnit.SECONDS));
        assertEquals(0, fx.table.describe(KEY).orElseThrow().waiters());
        assertEquals(0, fx.table.parkedCalls());
    }

    @Test
    void forceRemoveGivesLockToOldestWaiter() {
        fx.grant(KEY, "a", LEASE);
        CompletableFuture<Handout> b = fx.park(KEY, "b", LEASE);
        fx.park(KEY, "c", LEASE);

        fx.table.forceRemove(KEY);

        assertEquals("b", b.join().grant().getOwner());
        assertEquals(1, fx.table.describe(KEY).orElseThrow().waiters());
    }
}
