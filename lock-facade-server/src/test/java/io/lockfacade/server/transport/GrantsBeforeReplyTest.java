package io.lockfacade.server.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.hessian.HessianReplies;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Answers of parked calls completed while a request thread serves a call: collected while the service method runs,
 * then written on the same thread when the endpoint delivers them, before it sends the served call's reply. Driven
 * by hand: no container, a real lock service.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class GrantsBeforeReplyTest {

    private static final long LEASE = 60_000;
    private static final long LONG_WAIT = Duration.ofMinutes(1).toMillis();
    private static final String TYPE = "before-reply";

    private final MemoryLockServiceImpl service = new MemoryLockServiceImpl(
            MasterSettings.defaults().withWaitCap(Duration.ofMinutes(1)));
    private final CallResponder responder = new CallResponder(service, new ReplyWriter(), ClientPresence.UNKNOWN);

    @AfterEach
    void closeService() {
        service.close();
    }

    /** Gives {@code key} to "holder" and parks "waiter" behind it. */
    private FakeExchange parkWaiter(String key) {
        service.tryLock(TYPE, key, "holder", LEASE, 0);
        FakeExchange exchange = new FakeExchange();
        ParkedTryLock.park(exchange.request, exchange.response,
                service.tryLockAsync(TYPE, key, "waiter", LEASE, LONG_WAIT), Duration.ofMinutes(2), responder);
        return exchange;
    }

    private String owner(String key) {
        return service.table().describe(new LockKey(TYPE, key)).orElseThrow().owner();
    }

    @Test
    void aGrantCompletedWhileServingACallIsWrittenOnDeliveryOnTheSameThread() throws Throwable {
        FakeExchange waiter = parkWaiter("k");
        GrantsBeforeReply scope = GrantsBeforeReply.open();
        try {
            assertTrue(service.unlock(TYPE, "k", "holder"));
            assertEquals("waiter", owner("k"), "the table handed the lock over with the release");
            assertEquals(0, waiter.body().length, "nothing is written from inside the service method");
            assertFalse(waiter.isCompleted());
            scope.deliver();
            assertTrue(waiter.isCompleted(), "written by deliver(), on this thread, before the scope closes");
        } finally {
            scope.close();
        }
        assertSame(Thread.currentThread(), waiter.writer());
        assertEquals("waiter", ((LockGrant) HessianReplies.read(waiter.body())).getOwner());
    }

    @Test
    void closingAScopeDeliversWhatItCollected() throws Throwable {
        FakeExchange waiter = parkWaiter("k");
        try (GrantsBeforeReply scope = GrantsBeforeReply.open()) {
            service.unlock(TYPE, "k", "holder");
            assertFalse(waiter.isCompleted());
        }
        assertTrue(waiter.isCompleted(), "a failure between the service method and the reply loses no grant");
        assertSame(Thread.currentThread(), waiter.writer());
        assertEquals("waiter", ((LockGrant) HessianReplies.read(waiter.body())).getOwner());
    }

    @Test
    void onlyTheFirstHeldBackAnswerIsWrittenInlineTheOthersGoToContainerThreads() throws Throwable {
        FakeExchange first = parkWaiter("a");
        FakeExchange second = parkWaiter("b");
        GrantsBeforeReply scope = GrantsBeforeReply.open();
        try {
            service.unlock(TYPE, "a", "holder");
            service.unlock(TYPE, "b", "holder");
        } finally {
            scope.close();
        }
        assertTrue(first.isCompleted());
        assertSame(Thread.currentThread(), first.writer());
        assertTrue(second.awaitCompleted());
        assertNotSame(Thread.currentThread(), second.writer());
        assertEquals("waiter", ((LockGrant) HessianReplies.read(second.body())).getOwner());
    }

    @Test
    void aReleaseOnAnotherThreadIsNotHeldBack() throws Throwable {
        FakeExchange waiter = parkWaiter("k");
        GrantsBeforeReply scope = GrantsBeforeReply.open();
        try {
            CompletableFuture.runAsync(() -> service.unlock(TYPE, "k", "holder")).get(10, TimeUnit.SECONDS);
            assertTrue(waiter.awaitCompleted(), "answered on a container thread while this scope is open");
            assertNotSame(Thread.currentThread(), waiter.writer());
        } finally {
            scope.close();
        }
        assertEquals("waiter", ((LockGrant) HessianReplies.read(waiter.body())).getOwner());
    }

    @Test
    void aScopeCannotBeOpenedTwiceOnOneThread() {
        GrantsBeforeReply scope = GrantsBeforeReply.open();
        try {
            assertThrows(IllegalStateException.class, GrantsBeforeReply::open);
        } finally {
            scope.close();
        }
        GrantsBeforeReply.open().close(); // closed scopes leave nothing behind
    }
}
