package io.lockfacade.server.table;

import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.fencing.FencingTokenSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
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
class LockTableConcurrencyTest {

    private static final int THREADS = 8;
    private static final int ROUNDS = 2_000;
    private static final List<LockKey> KEYS = List.of(new LockKey("t", "a"), new LockKey("t", "b"),
            new LockKey("t", "c"));

    private final LockTable table = new LockTable(new FencingTokenSource(), new ExpirySchedule(Duration.ofMillis(10)),
            System::nanoTime, System::currentTimeMillis);
    private final ConcurrentHashMap<LockKey, AtomicInteger> holders = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<LockKey, AtomicLong> lastToken = new ConcurrentHashMap<>();
    private final AtomicInteger overlaps = new AtomicInteger();
    private final AtomicInteger tokenRegressions = new AtomicInteger();

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
    }

    private void work(String owner) {
        for (int round = 0; round < ROUNDS; round++) {
            LockKey key = KEYS.get(Math.floorMod(owner.hashCode() + round, KEYS.size()));
            Acquisition acquisition = table.acquire(key, owner, 60_000, round % 3 != 0);
            Handout handout = acquisition.handout();
            if (acquisition.isWaiting()) {
                if (round % 5 == 0 && acquisition.waiter().giveUp()) {
                    continue;
                }
                handout = acquisition.waiter().result().join();
            }
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
