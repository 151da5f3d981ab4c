package io.lockfacade.server.service;

import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many threads on a few keys, with parking, giving up and releasing: invariants, not timings. */
class LiveTableConcurrencyTest {

    private static final int THREADS = 8;
    private static final int ROUNDS = 2_000;
    private static final long WAIT_MILLIS = 60_000;
    private static final List<LockKey> KEYS = List.of(new LockKey("t", "a"), new LockKey("t", "b"),
            new LockKey("t", "c"));

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    private final LiveTable table = new LiveTable(new LockMachine(), MasterClocks.system(), Duration.ofMillis(10),
            timer, LockEvents.NONE);
    private final ConcurrentHashMap<LockKey, AtomicInteger> holders = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<LockKey, AtomicLong> lastToken = new ConcurrentHashMap<>();
    private final AtomicInteger overlaps = new AtomicInteger();
    private final AtomicInteger tokenRegressions = new AtomicInteger();

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    @Test
    void noTwoHoldersAndTokensIncreasePerKey() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String owner = "owner-" + t;
            workers.add(pool.submit(() -> work(owner)));
        }
        for (Future<?> worker : workers) {
            worker.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertEquals(0, overlaps.get(), "two holders of one key at once");
        assertEquals(0, tokenRegressions.get(), "a fencing token went backwards");
        assertEquals(0, table.size(), "locks left behind");
        assertTrue(table.isTypeEmpty("t"));
        assertEquals(0, table.parkedCalls(), "parked calls left behind");
    }

    private void work(String owner) {
        for (int round = 0; round < ROUNDS; round++) {
            LockKey key = KEYS.get(Math.floorMod(owner.hashCode() + round, KEYS.size()));
            CompletableFuture<Handout> call = table.acquire(key, owner, 60_000, null,
                    round % 3 != 0 ? WAIT_MILLIS : 0);
            if (round % 5 == 0 && call.cancel(false)) {
                continue;
            }
            Handout handout = call.join();
            if (handout == null) {
                continue;
            }
            enter(key, handout.grant().getFencingToken());
            exit(key);
            if (!table.release(key, owner)) {
                throw new AssertionError(owner + " lost " + key + " without expiry");
            }
        }
    }

    private void enter(LockKey key, long token) {
        if (holders.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet() != 1) {
            overlaps.incrementAndGet();
        }
        AtomicLong last = lastToken.computeIfAbsent(key, k -> new AtomicLong());
        if (token <= last.getAndSet(token)) {
            tokenRegressions.incrementAndGet();
        }
    }

    private void exit(LockKey key) {
        holders.get(key).decrementAndGet();
    }
}
