package io.lockfacade.server.service;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockEventsTest {

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final MemoryLockServiceImpl service = new MemoryLockServiceImpl(
            MasterSettings.defaults().withWaitCap(Duration.ofSeconds(5)), new LockEvents() {
                @Override
                public void granted(String lockType, long waitedNanos) {
                    seen.add("granted " + lockType + (waitedNanos > 0 ? " after a wait" : " at once"));
                }

                @Override
                public void released(String lockType) {
                    seen.add("released " + lockType);
                }

                @Override
                public void expired(String lockType) {
                    seen.add("expired " + lockType);
                }

                @Override
                public void waiterParked(String lockType) {
                    seen.add("parked " + lockType);
                }

                @Override
                public void waiterLeft(String lockType) {
                    seen.add("left " + lockType);
                }
            });

    @AfterEach
    void stop() {
        service.close();
    }

    @Test
    void aHandOverIsReportedAsAReleaseAndAGrantAfterAWait() throws Exception {
        service.tryLock("order", "1", "a", 0, 0);
        var waiting = service.tryLockAsync("order", "1", "b", 0, 5_000);
        service.unlock("order", "1", "a");
        assertNotNull(waiting.get(5, TimeUnit.SECONDS));
        assertEquals(List.of("granted order at once", "parked order", "released order", "left order",
                "granted order after a wait"), seen);
    }

    @Test
    void aReadWriteLockHandOverIsReportedAsGrantsAndEveryParkedCallLeavesOnce() throws Exception {
        service.openSession("node-1/s", 60_000);
        ParkingPrimitiveService primitives = service.primitives().orElseThrow();
        primitives.tryReadLockInSession("order", "1", "a", "node-1/s", 0);
        var writer = primitives.tryWriteLockAsync("order", "1", "b", "node-1/s", 5_000);
        var giveUp = primitives.tryReadLockAsync("order", "1", "c", "node-1/s", 5_000);
        giveUp.cancel(false);
        primitives.unlockRead("order", "1", "a");
        assertNotNull(writer.get(5, TimeUnit.SECONDS));
        // The table records no ending for a read-write grant, so its release is not counted (as a lock's is).
        assertEquals(List.of("granted order at once", "parked order", "parked order", "left order", "left order",
                "granted order after a wait"), seen);
    }

    @Test
    void leaseAndSessionExpiryAreReportedByTheReaper() throws Exception {
        service.openSession("node-1/s", 1_000);
        service.tryLockInSession("stock", "1", "a", "node-1/s", 0);
        service.tryLock("order", "1", "a", 200, 0);
        seen.clear();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (seen.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }

        assertEquals(List.of("expired order", "expired stock"), seen.stream().sorted().toList());
    }

    @Test
    void aCallThatGivesUpLeavesTheQueue() {
        service.tryLock("order", "1", "a", 0, 0);

        assertEquals(null, service.tryLock("order", "1", "b", 0, 50));

        assertEquals(List.of("granted order at once", "parked order", "left order"), seen);
    }

    @Test
    void aHoldersRetryIsNotANewGrant() {
        service.tryLock("order", "1", "a", 0, 0);
        service.tryLock("order", "1", "a", 0, 0);
        assertEquals(List.of("granted order at once"), seen);
    }

    @Test
    void aListenerThatThrowsDoesNotFailTheCall() {
        try (MemoryLockServiceImpl faulty = new MemoryLockServiceImpl(MasterSettings.defaults(), new LockEvents() {
            @Override
            public void granted(String lockType, long waitedNanos) {
                throw new IllegalStateException("metrics broke");
            }
        })) {
            assertNotNull(faulty.tryLock("order", "1", "a", 0, 0));
            assertTrue(faulty.unlock("order", "1", "a"));
        }
    }
}
