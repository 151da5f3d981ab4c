package io.lockfacade.webapp.metrics;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients racing for one lock over HTTP: whatever the interleaving, the scrape accounts for every call, grant and
 * release the clients saw, and no waiter is left counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MetricsUnderConcurrencyTest {

    private static final int CLIENTS = 8;
    private static final int ROUNDS = 40;
    private static final long LEASE = 60_000;
    private static final long WAIT = 5_000;
    private static final String TYPE = "contended";

    private MasterServer master;

    @BeforeEach
    void startMaster() {
        PrometheusParser.assumeAvailable();
        master = Masters.start();
    }

    @AfterEach
    void stopMaster() {
        if (master != null) {
            master.close();
        }
    }

    @Test
    void everyCallGrantAndReleaseIsCountedOnce() throws Exception {
        AtomicInteger granted = new AtomicInteger();
        AtomicInteger busy = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                String owner = "node-" + c + ":main#1";
                MemoryLockService proxy = HessianClients.proxy(master.serviceUri());
                clients.add(pool.submit(() -> {
                    for (int round = 0; round < ROUNDS; round++) {
                        if (proxy.tryLock(TYPE, "k", owner, LEASE, WAIT) != null) {
                            granted.incrementAndGet();
                            proxy.unlock(TYPE, "k", owner);
                        } else {
                            busy.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get(100, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        ParsedScrape scrape = ParsedScrape.of(master);
        String calls = "lockfacade_master_calls_seconds_count";
        assertEquals(CLIENTS * ROUNDS, granted.get() + busy.get());
        assertEquals(granted.get(), scrape.value(calls, "method", "tryLock", "outcome", "granted"));
        assertEquals(busy.get(), scrape.find(calls, "method", "tryLock", "outcome", "not_granted").orElse(0.0));
        assertEquals(granted.get(), scrape.value(calls, "method", "unlock", "outcome", "ok"));
        assertEquals(granted.get(), scrape.value("lockfacade_master_grants_total", "type", TYPE));
        assertEquals(granted.get(), scrape.value("lockfacade_master_releases_total", "type", TYPE));
        assertEquals(granted.get(), scrape.value("lockfacade_master_grant_wait_seconds_count", "type", TYPE));
        assertTrue(scrape.value("lockfacade_master_waits_total", "type", TYPE) <= CLIENTS * ROUNDS);
        assertEquals(0, scrape.value("lockfacade_master_waiters"));
        assertEquals(0, scrape.value("lockfacade_master_locks_held"));
    }
}
