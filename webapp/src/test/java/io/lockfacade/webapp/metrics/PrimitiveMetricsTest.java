package io.lockfacade.webapp.metrics;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /admin/metrics} counts the read-write locks, semaphores and leaderships a real master holds, as clients
 * take and give them back over Hessian.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PrimitiveMetricsTest {

    private static MasterServer master;

    @BeforeAll
    static void startMaster() {
        master = Masters.start();
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void gaugesFollowWhatTheTableHolds() {
        MemoryLockService locks = HessianClients.proxy(master.serviceUri());
        PrimitiveLockService primitives = HessianClients.primitives(master.serviceUri());
        locks.openSession("metrics-node", 60_000);
        assertNotNull(primitives.tryReadLockInSession("report", "1", "node:a#1", "metrics-node", 0));
        assertNotNull(primitives.tryReadLockInSession("report", "1", "node:b#2", "metrics-node", 0));
        assertNotNull(primitives.tryWriteLockInSession("report", "2", "node:c#3", "metrics-node", 0));
        assertNotNull(primitives.tryAcquirePermits("api", "quota", "node:a#1/s1", 3, 5, "metrics-node", 0));
        assertNotNull(primitives.joinLeadership("nightly", "node:a", "metrics-node", 0));

        awaitGauges(Map.of("lockfacade_master_readwrite_locks", 2.0, "lockfacade_master_readwrite_readers", 2.0,
                "lockfacade_master_readwrite_writers", 1.0, "lockfacade_master_semaphores", 1.0,
                "lockfacade_master_semaphore_permits_held", 3.0, "lockfacade_master_leaderships", 1.0,
                "lockfacade_master_readwrite_waiters", 0.0, "lockfacade_master_semaphore_waiters", 0.0));

        assertTrue(locks.closeSession("metrics-node"));

        awaitGauges(Map.of("lockfacade_master_readwrite_locks", 0.0, "lockfacade_master_readwrite_readers", 0.0,
                "lockfacade_master_semaphore_permits_held", 0.0, "lockfacade_master_leaderships", 0.0));
    }

    private static void awaitGauges(Map<String, Double> expected) {
        Await.until("gauges " + expected, () -> {
            ParsedScrape scrape = ParsedScrape.of(master);
            return expected.entrySet().stream()
                    .allMatch(gauge -> scrape.find(gauge.getKey()).orElse(Double.NaN).equals(gauge.getValue()));
        });
    }
}
