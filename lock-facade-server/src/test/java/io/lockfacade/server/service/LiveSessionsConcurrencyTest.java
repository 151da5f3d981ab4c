package io.lockfacade.server.service;

import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sessions ended by an operator while their nodes take, wait for and release locks: whatever the interleaving,
 * every call is answered, no fencing token is handed to two owners, and nothing is left in the table once every
 * session is closed. (Holders lose locks to the operator here, so the order in which threads see their tokens
 * says nothing; {@link LiveTableConcurrencyTest} checks the order under mutual exclusion.)
 */
class LiveSessionsConcurrencyTest {

    private static final int NODES = 6;
    private static final int ROUNDS = 1_500;
    private static final long TTL = 60_000;
    private static final long WAIT_MILLIS = 60_000;
    private static final List<LockKey> KEYS = List.of(new LockKey("t", "a"), new LockKey("t", "b"),
            new LockKey("t", "c"), new LockKey("t", "d"));

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    private final LiveTable table = new LiveTable(new LockMachine(), MasterClocks.system(), Duration.ofMillis(10),
            timer, LockEvents.NONE);
    private final LiveSessions sessions = new LiveSessions(table);
    private final ConcurrentHashMap<Long, String> ownerOfToken = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, String> currentSession = new ConcurrentHashMap<>();
    private final AtomicInteger sharedTokens = new AtomicInteger();
    private final AtomicInteger sessionsLost = new AtomicInteger();
    private final AtomicInteger generations = new AtomicInteger();

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    @Test
    void forceExpiryAmidTrafficLeavesNothingBehind() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(NODES + 1);
        AtomicBoolean running = new AtomicBoolean(true);
        List<Future<?>> nodes = new ArrayList<>();
        for (int n = 0; n < NODES; n++) {
            int node = n;
            currentSession.put(node, open(node));
            nodes.add(pool.submit(() -> work(node)));
        }
        Future<?> operator = pool.submit(() -> {
            int victim = 0;
            while (running.get()) {
                sessions.end(currentSession.get(victim++ % NODES));
                Thread.onSpinWait();
            }
        });
        for (Future<?> node : nodes) {
            node.get(120, TimeUnit.SECONDS);
        }
        running.set(false);
        operator.get(10, TimeUnit.SECONDS);
        pool.shutdown();
        currentSession.values().forEach(sessions::close);

        assertEquals(0, sharedTokens.get(), "one fencing token handed to two owners");
        assertTrue(ownerOfToken.size() > NODES, "hardly any grants: the test proved nothing");
        assertTrue(sessionsLost.get() > 0, "the operator never ended a session in use: the test proved nothing");
        assertEquals(0, table.size(), "locks left behind");
        assertEquals(0, table.parkedCalls(), "parked calls left behind");
        assertTrue(sessions.describe().isEmpty(), "sessions left open");
        assertTrue(table.machine().snapshot().locks().isEmpty());
    }

    private void work(int node) {
        String owner = "node-" + node;
        for (int round = 0; round < ROUNDS; round++) {
            LockKey key = KEYS.get(Math.floorMod(node * 7 + round, KEYS.size()));
            CompletableFuture<Handout> call;
            try {
                call = table.acquire(key, owner, 0, currentSession.get(node), round % 2 == 0 ? WAIT_MILLIS : 0);
            } catch (SessionExpiredException ended) {
                sessionsLost.incrementAndGet();
                currentSession.put(node, open(node));
                continue;
            }
            if (round % 7 == 0 && call.cancel(false)) {
                continue;
            }
            Handout handout = call.join();
            if (handout != null) {
                String first = ownerOfToken.putIfAbsent(handout.grant().getFencingToken(), owner);
                if (first != null && !first.equals(owner)) {
                    sharedTokens.incrementAndGet();
                }
                table.release(key, owner); // false when the operator ended the session meanwhile
            }
        }
    }

    private String open(int node) {
        String id = "node-" + node + "/" + generations.incrementAndGet();
        sessions.open(id, TTL);
        return id;
    }
}
