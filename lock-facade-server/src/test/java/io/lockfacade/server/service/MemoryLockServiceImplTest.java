package io.lockfacade.server.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.server.table.Handout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryLockServiceImplTest {

    private static final String LONG_NAME = "x".repeat(257);

    private final MemoryLockServiceImpl service = new MemoryLockServiceImpl(
            MasterSettings.defaults().withWaitCap(Duration.ofMillis(300)));

    @AfterEach
    void stop() {
        service.close();
    }

    static Stream<Arguments> badCalls() {
        return Stream.of(
                Arguments.of("lockType", (Call) s -> s.tryLock(null, "k", "o", 0, 0)),
                Arguments.of("lockType", (Call) s -> s.tryLock("", "k", "o", 0, 0)),
                Arguments.of("lockType", (Call) s -> s.tryLock(LONG_NAME, "k", "o", 0, 0)),
                Arguments.of("key", (Call) s -> s.tryLock("t", "a\nb", "o", 0, 0)),
                Arguments.of("key", (Call) s -> s.tryLock("t", null, "o", 0, 0)),
                Arguments.of("owner", (Call) s -> s.tryLock("t", "k", "", 0, 0)),
                Arguments.of("owner", (Call) s -> s.tryLock("t", "k", LONG_NAME, 0, 0)),
                Arguments.of("leaseMillis", (Call) s -> s.tryLock("t", "k", "o", 99, 0)),
                Arguments.of("leaseMillis", (Call) s -> s.tryLock("t", "k", "o", Long.MAX_VALUE, 0)),
                Arguments.of("waitMillis", (Call) s -> s.tryLock("t", "k", "o", 0, -1)),
                Arguments.of("waitMillis", (Call) s -> s.tryLock("t", "k", "o", 0, TimeUnit.DAYS.toMillis(2))),
                Arguments.of("owner", (Call) s -> s.unlock("t", "k", null)),
                Arguments.of("key", (Call) s -> s.unlock("t", "", "o")),
                Arguments.of("lockType", (Call) s -> s.yieldToWaiters(LONG_NAME, "k", "holder")),
                Arguments.of("owner", (Call) s -> s.yieldToWaiters("t", "k", "")),
                Arguments.of("key", (Call) s -> s.hasWaiters("t", null)),
                Arguments.of("lockType", (Call) s -> s.hasWaiters(LONG_NAME, "k")),
                Arguments.of("leaseMillis", (Call) s -> s.renew("t", "k", "o", 45)),
                Arguments.of("lockType", (Call) s -> s.renew("\u0000", "k", "o", 0)),
                Arguments.of("lockType", (Call) s -> s.isLockTypeEmpty(LONG_NAME)));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("badCalls")
    void badArgumentIsRefusedByNameAndChangesNothing(String argument, Call call) {
        service.tryLock("t", "k", "holder", 0, 0);
        long grantsBefore = service.table().grantCount();

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> call.on(service));

        assertTrue(error.getMessage().startsWith(argument), error.getMessage());
        assertEquals(grantsBefore, service.table().grantCount());
        assertEquals("holder", service.table().describe(new io.lockfacade.server.table.LockKey("t", "k"))
                .orElseThrow().owner());
    }

    @Test
    void callerNamingNoLeaseGetsTheMasterDefault() {
        LockGrant grant = service.tryLock("t", "k", "o", 0, 0);

        assertEquals(Duration.ofMinutes(10).toMillis(), grant.getLeaseMillis());
    }

    @Test
    void waitIsCappedPerCall() {
        service.tryLock("t", "k", "a", 0, 0);

        LockGrant grant = service.tryLock("t", "k", "b", 0, TimeUnit.HOURS.toMillis(1));

        assertNull(grant);
        assertEquals(0, service.table().describe(new io.lockfacade.server.table.LockKey("t", "k"))
                .orElseThrow().waiters());
    }

    @Test
    void parkedCallIsWokenByUnlock() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> waiting = service.tryLockAsync("t", "k", "b", 0, 60_000);
        assertFalse(waiting.isDone());

        service.unlock("t", "k", "a");

        assertEquals("b", waiting.get(5, TimeUnit.SECONDS).grant().getOwner());
    }

    @Test
    void yieldToWaitersKeepsTheLockWhenNoCallWaits() {
        long token = service.tryLock("t", "k", "a", 0, 0).getFencingToken();

        assertEquals(YieldOutcome.KEPT, service.yieldToWaiters("t", "k", "a"));

        assertEquals(token, service.table().describe(new io.lockfacade.server.table.LockKey("t", "k"))
                .orElseThrow().fencingToken());
    }

    @Test
    void yieldToWaitersHandsTheLockToTheOldestWaitingCall() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> waiting = service.tryLockAsync("t", "k", "b", 0, 60_000);

        assertEquals(YieldOutcome.RELEASED, service.yieldToWaiters("t", "k", "a"));

        assertEquals("b", waiting.get(5, TimeUnit.SECONDS).grant().getOwner());
        assertEquals(YieldOutcome.NOT_HELD, service.yieldToWaiters("t", "k", "a"), "a retry finds it gone");
    }

    @Test
    void yieldToWaitersByAnotherOwnerChangesNothing() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> waiting = service.tryLockAsync("t", "k", "b", 0, 60_000);

        assertEquals(YieldOutcome.NOT_HELD, service.yieldToWaiters("t", "k", "c"));
        assertEquals(YieldOutcome.NOT_HELD, service.yieldToWaiters("t", "free", "a"));

        assertFalse(waiting.isDone());
        assertEquals("a", service.table().describe(new io.lockfacade.server.table.LockKey("t", "k"))
                .orElseThrow().owner());
    }

    @Test
    void hasWaitersTellsWhetherACallIsParkedForTheLockAndChangesNothing() throws Exception {
        assertFalse(service.hasWaiters("t", "k"), "a free lock");
        long token = service.tryLock("t", "k", "a", 0, 0).getFencingToken();
        assertFalse(service.hasWaiters("t", "k"), "held, nobody waits");
        CompletableFuture<Handout> waiting = service.tryLockAsync("t", "k", "b", 0, 60_000);

        assertTrue(service.hasWaiters("t", "k"));
        assertFalse(service.hasWaiters("t", "other"));

        assertFalse(waiting.isDone());
        assertEquals(token, service.table().describe(new io.lockfacade.server.table.LockKey("t", "k"))
                .orElseThrow().fencingToken());
        service.unlock("t", "k", "a");
        assertEquals("b", waiting.get(5, TimeUnit.SECONDS).grant().getOwner());
        assertFalse(service.hasWaiters("t", "k"), "the waiter holds it now");
    }

    @Test
    void cancelledCallNeverEndsUpHoldingTheLock() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> gone = service.tryLockAsync("t", "k", "gone", 0, 60_000);
        CompletableFuture<Handout> next = service.tryLockAsync("t", "k", "next", 0, 60_000);

        gone.cancel(false);
        service.unlock("t", "k", "a");

        assertEquals("next", next.get(5, TimeUnit.SECONDS).grant().getOwner());
    }

    @Test
    void grantThatRacedWithCancellationIsReleased() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> call = service.tryLockAsync("t", "k", "b", 0, 60_000);
        service.unlock("t", "k", "a");
        Handout delivered = call.get(5, TimeUnit.SECONDS);
        assertNotNull(delivered);

        service.releaseUndelivered(delivered);

        assertTrue(service.isLockTypeEmpty("t"));
    }

    @Test
    void reaperFreesAnAbandonedLock() throws Exception {
        service.tryLock("t", "k", "crashed", 100, 0);

        LockGrant next = service.tryLock("t", "k", "b", 0, 300);
        for (int i = 0; i < 50 && next == null; i++) {
            next = service.tryLock("t", "k", "b", 0, 300);
        }

        assertNotNull(next);
        assertEquals("b", next.getOwner());
    }

    /** A call to the service that should be refused. */
    @FunctionalInterface
    interface Call {
        void on(MemoryLockServiceImpl service);
    }
}
