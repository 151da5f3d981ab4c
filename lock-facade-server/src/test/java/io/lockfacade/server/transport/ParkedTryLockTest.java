package io.lockfacade.server.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.hessian.HessianReplies;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The answers of a parked call, driven by hand: no container, a real lock service. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ParkedTryLockTest {

    private static final long LEASE = 60_000;
    private static final long LONG_WAIT = Duration.ofMinutes(1).toMillis();
    private static final LockKey KEY = new LockKey("parked", "k");

    private final MemoryLockServiceImpl service = new MemoryLockServiceImpl(
            MasterSettings.defaults().withWaitCap(Duration.ofMinutes(1)));
    private final FakeExchange exchange = new FakeExchange();

    @AfterEach
    void closeService() {
        service.close();
    }

    private CompletableFuture<Handout> parkWaiter(ClientPresence presence) {
        service.tryLock("parked", "k", "holder", LEASE, 0);
        CompletableFuture<Handout> call = service.tryLockAsync("parked", "k", "waiter", LEASE, LONG_WAIT);
        CallResponder responder = new CallResponder(service, new ReplyWriter(), presence);
        ParkedTryLock.park(exchange.request, exchange.response, call, Duration.ofMinutes(2), responder);
        assertEquals(1, lock().orElseThrow().waiters());
        return call;
    }

    private Optional<LockInfo> lock() {
        return service.table().describe(KEY);
    }

    @Test
    void aGrantIsWrittenOnAContainerThread() throws Throwable {
        parkWaiter(ClientPresence.UNKNOWN);
        service.unlock("parked", "k", "holder");
        assertTrue(exchange.awaitCompleted());
        LockGrant grant = (LockGrant) HessianReplies.read(exchange.body());
        assertEquals("waiter", grant.getOwner());
        assertEquals(200, exchange.status());
    }

    @Test
    void anAsyncTimeoutWithdrawsTheWaiterAndAnswersBusy() throws Throwable {
        parkWaiter(ClientPresence.UNKNOWN);
        exchange.fireTimeout();
        assertTrue(exchange.awaitCompleted());
        assertNull(HessianReplies.read(exchange.body()));
        assertEquals(0, lock().orElseThrow().waiters());
        assertTrue(service.unlock("parked", "k", "holder"));
        assertTrue(lock().isEmpty(), "nobody inherited the lock");
    }

    @Test
    void anIoErrorWithdrawsTheWaiterAndWritesNothing() throws Exception {
        parkWaiter(ClientPresence.UNKNOWN);
        exchange.fireError();
        assertTrue(exchange.awaitCompleted());
        assertEquals(0, exchange.body().length);
        assertEquals(0, lock().orElseThrow().waiters());
    }

    @Test
    void aGrantForAClientThatLeftIsReleasedAtOnce() throws Exception {
        parkWaiter((request, response) -> true);
        service.unlock("parked", "k", "holder");
        assertTrue(exchange.awaitCompleted());
        assertEquals(0, exchange.body().length);
        awaitFree();
    }

    @Test
    void aGrantWhoseReplyCannotBeWrittenIsReleased() throws Exception {
        parkWaiter(ClientPresence.UNKNOWN);
        exchange.failWrites();
        service.unlock("parked", "k", "holder");
        assertTrue(exchange.awaitCompleted());
        awaitFree();
    }

    @Test
    void aGrantRacingWithTheTimeoutIsStillDelivered() throws Throwable {
        CompletableFuture<Handout> call = parkWaiter(ClientPresence.UNKNOWN);
        service.unlock("parked", "k", "holder");
        assertNotNull(call.get(10, TimeUnit.SECONDS));
        exchange.fireTimeout();
        assertTrue(exchange.awaitCompleted());
        assertEquals("waiter", ((LockGrant) HessianReplies.read(exchange.body())).getOwner());
        assertEquals("waiter", lock().orElseThrow().owner());
    }

    private void awaitFree() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (lock().isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(lock().isEmpty(), "the undelivered grant was released: " + lock());
    }
}
