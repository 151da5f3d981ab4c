package io.lockfacade.server.service;

import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One session taking many locks while its client's transport retries calls whose replies it gave up on, and
 * keep-alives run alongside: every original call and its retry run concurrently, in either order, and the original's
 * reply is never delivered (its grant goes back through {@code releaseUndelivered}). Whatever the interleaving,
 * every lock whose retry was answered with a grant must still be held under the session afterwards (the benchmark's
 * "one lock vanished with a live session").
 */
class SessionRetryConcurrencyTest {

    private static final int LOCKS = 5_000;
    private static final int CALLERS = 8;
    private static final int OWNERS = 16;
    private static final long TTL = 60_000;
    private static final String SESSION = "node-1/1";

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    private final LiveTable table = new LiveTable(new LockMachine(), MasterClocks.system(), Duration.ofMillis(10),
            timer, LockEvents.NONE);
    private final LiveSessions sessions = new LiveSessions(table);

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    @Test
    void aLostReplyWhoseRetryWasDeliveredNeverFreesTheLock() throws Exception {
        sessions.open(SESSION, TTL);
        ExecutorService pool = Executors.newFixedThreadPool(CALLERS + 1);
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger keepAlives = new AtomicInteger();
        Future<?> keeper = pool.submit(() -> {
            while (running.get()) {
                sessions.keepAlive(SESSION);
                keepAlives.incrementAndGet();
                Thread.onSpinWait();
            }
        });
        List<Future<Handout>> retries = new ArrayList<>(LOCKS);
        List<Future<?>> originals = new ArrayList<>(LOCKS);
        for (int i = 0; i < LOCKS; i++) {
            LockKey key = keyOf(i);
            String owner = ownerOf(i);
            // The retry is queued first, so it often overtakes the call it retries.
            retries.add(pool.submit(() -> table.acquire(key, owner, 0, SESSION, 0).join()));
            originals.add(pool.submit(() -> {
                Handout lost = table.acquire(key, owner, 0, SESSION, 0).join();
                if (lost != null) {
                    table.releaseUndelivered(lost); // its client closed the connection: the write failed
                }
            }));
        }
        List<Handout> delivered = new ArrayList<>(LOCKS);
        for (int i = 0; i < LOCKS; i++) {
            originals.get(i).get(60, TimeUnit.SECONDS);
            delivered.add(retries.get(i).get(60, TimeUnit.SECONDS));
        }
        running.set(false);
        keeper.get(10, TimeUnit.SECONDS);
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));

        int lost = 0;
        for (int i = 0; i < LOCKS; i++) {
            Handout handout = delivered.get(i);
            assertNotNull(handout, "a retry under a live session with no other owner was refused");
            LockInfo held = table.describe(keyOf(i)).orElse(null);
            if (held == null || !held.owner().equals(ownerOf(i))
                    || held.fencingToken() != handout.grant().getFencingToken()) {
                lost++;
            }
        }
        assertTrue(keepAlives.get() > 0, "no keep-alive ran alongside: the test proved nothing");
        assertEquals(0, lost, "locks whose retry was delivered were freed by the original's undelivered reply");
        assertEquals(LOCKS, table.size());
        assertEquals(LOCKS, sessions.describe().get(0).locks());
        assertTrue(sessions.close(SESSION));
        assertEquals(0, table.size(), "locks left behind after the session closed");
    }

    private static LockKey keyOf(int i) {
        return new LockKey("s7", "k" + i);
    }

    private static String ownerOf(int i) {
        return "node-1:worker-" + (i % OWNERS);
    }
}
