package io.lockfacade.reliability;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import io.lockfacade.testkit.master.MasterProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What clients see when the master, a separate JVM, is killed with {@code kill -9} and started again on the same
 * port: tokens keep increasing, calls fail with {@link LockServiceUnavailableException} within their timeouts while
 * it is down and work again once it is back, and every lock held across the crash is reported lost, never as
 * still held.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class MasterRestartTest {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(3);
    /** A failed acquisition: the call, then a best-effort release of what the master may have granted. */
    private static final Duration FAILURE_BOUND = READ_TIMEOUT.multipliedBy(2).plusSeconds(2);
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private static MasterProcess master;
    private static RemoteMemoryLockService direct;
    private final List<DistributeLock> nodes = new ArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeAll
    static void startMaster() {
        Path logs = Path.of(System.getProperty("reliability.logs", "target/reliability-logs")).resolve("restart");
        master = MasterProcess.start(new MasterProcess.Settings("master", logs, null, "restart-admin",
                List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), List.of()));
        direct = MemoryLockServiceProxies.create(master.serviceUri(), transport());
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @AfterEach
    void closeNodes() {
        threads.shutdownNow();
        nodes.forEach(DistributeLock::close);
        if (!master.isUp()) {
            master.restart();
        }
    }

    @Test
    void fencingTokensKeepIncreasingAcrossKillAndRestart() throws Exception {
        long previous = grantAndRelease("before");
        for (int restart = 1; restart <= 2; restart++) {
            master.kill();
            master.restart();
            long first = grantAndRelease("after-" + restart);
            assertTrue(first > previous, "restart " + restart + ": token " + first + " after " + previous);
            long second = grantAndRelease("again-" + restart);
            assertTrue(second > first);
            previous = second;
        }
    }

    @Test
    void whileTheMasterIsDownCallsFailClearlyInTimeAndWorkAgainOnceItIsBack() throws Exception {
        DistributeLock node = node("outage", Duration.ofSeconds(2));
        assertTrue(node.tryLock("order", "held"));
        long heldToken = node.fencingToken("order", "held").orElseThrow();
        master.kill();

        long start = System.nanoTime();
        LockServiceUnavailableException down = assertThrows(LockServiceUnavailableException.class,
                () -> node.tryLock("order", "other"));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(FAILURE_BOUND) < 0,
                "failing took " + Duration.ofNanos(System.nanoTime() - start));
        assertTrue(down.getMessage().contains("tryLockInSession(order/other)") && down.getMessage().contains(
                master.serviceUri().toString()), down.getMessage());
        assertFalse(node.isHeldByCurrentThread("order", "other"), "a failed call left a local hold");
        assertThrows(LockServiceUnavailableException.class, () -> node.isLockTypeEmpty("order"));
        awaitLost(node, "held"); // the session TTL (2 s) runs out while keep-alives fail

        master.restart();
        assertTrue(node.tryLock("order", "other"), "the node did not reconnect");
        assertTrue(node.fencingToken("order", "other").orElseThrow() > heldToken);
        node.unlock("order", "other");
        assertThrows(LockLostException.class, () -> node.unlock("order", "held"));
        assertTrue(node.isLockTypeEmpty("order"));
    }

    @Test
    void aQuickRestartStillReportsEveryHeldLockLostAndNeverAsHeld() throws Exception {
        // A TTL much longer than the outage: the loss is found by the keep-alive the new master refuses.
        DistributeLock node = node("crash", Duration.ofSeconds(30));
        List<String> keys = List.of("a", "b", "c");
        List<Future<Long>> holders = new ArrayList<>();
        CountDownLatch allHeld = new CountDownLatch(keys.size());
        CountDownLatch release = new CountDownLatch(1);
        for (String key : keys) {
            holders.add(threads.submit(() -> holdUntil(node, key, allHeld, release)));
        }
        assertTrue(allHeld.await(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        master.kill();
        master.restart();

        DistributeLock other = node("other", Duration.ofSeconds(30));
        long restartedToken = 0;
        for (String key : keys) {
            assertTrue(other.tryLock("crash", key), "the new master still had " + key);
            restartedToken = Math.max(restartedToken, other.fencingToken("crash", key).orElseThrow());
            other.unlock("crash", key);
        }
        release.countDown();
        for (Future<Long> holder : holders) {
            long oldToken = holder.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertTrue(restartedToken > oldToken, "new token " + restartedToken + " not above old " + oldToken);
        }
    }

    /** Holds a lock until told, waits for the node to notice the loss, and checks unlock reports it. */
    private static long holdUntil(DistributeLock node, String key, CountDownLatch held,
                                  CountDownLatch release) throws Exception {
        node.lock("crash", key, PATIENCE.toMillis());
        long token = node.fencingToken("crash", key).orElseThrow();
        held.countDown();
        release.await();
        awaitLost(node, "crash", key);
        assertThrows(LockLostException.class, () -> node.unlock("crash", key));
        return token;
    }

    private DistributeLock node(String id, Duration lease) {
        DistributeLock node = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(), transport()),
                DistributeLockSettings.defaults().withNodeId(id).withLease(lease)
                        .withRemoteWaitCap(Duration.ofSeconds(1)));
        nodes.add(node);
        return node;
    }

    private static void awaitLost(DistributeLock node, String key) throws InterruptedException {
        awaitLost(node, "order", key);
    }

    private static void awaitLost(DistributeLock node, String type, String key) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!node.isLost(type, key)) {
            assertTrue(System.nanoTime() < deadline, type + "/" + key + " never reported lost");
            assertTrue(node.isHeldByCurrentThread(type, key));
            Thread.sleep(50);
        }
    }

    /** @return the token of a grant on a fresh key, released again; retries while the master warms up */
    private static long grantAndRelease(String key) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                LockGrant grant = direct.tryLock("restart", key, "prober", 1_000, 0);
                assertNotNull(grant);
                assertTrue(direct.unlock("restart", key, "prober"));
                return grant.getFencingToken();
            } catch (LockServiceUnavailableException e) {
                if (attempt == 5) { // a pooled connection to the killed master fails once, not five times
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    private static ClientTransportSettings transport() {
        return ClientTransportSettings.defaults().withConnectTimeout(CONNECT_TIMEOUT).withReadTimeout(READ_TIMEOUT);
    }
}
