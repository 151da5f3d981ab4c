package io.lockfacade.reliability;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.reliability.hostile.HostileBodies;
import io.lockfacade.reliability.testing.CorrectClient;
import io.lockfacade.reliability.testing.ReplyChecks;
import io.lockfacade.reliability.testing.TableLines;
import io.lockfacade.testsupport.hostile.Tripwire;
import io.lockfacade.testsupport.http.RawHttp;
import io.lockfacade.webapp.HttpServerSizing;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sends at least 10,000 hostile Hessian bodies (random bytes, truncated and mutated calls, huge declared lengths,
 * deep nesting, wrong types and counts, unknown methods, gadget classes, hostile map keys, bad values, other
 * protocols, oversized bodies) to a master running in this JVM, so that its heap and threads can be watched, while a
 * correct client keeps locking. {@code -Dfuzz.bodies=N} sends more.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HostileInputFuzzTest {

    private static final int BODIES = Integer.getInteger("fuzz.bodies", 10_000);
    private static final int SENDERS = 2;
    private static final long SAMPLE_EVERY = 100;
    /** The test's own threads besides the master's pool: HTTP clients, the correct client, JUnit, GC. */
    private static final int OTHER_THREADS_MARGIN = 40;
    private static final long HEAP_GROWTH_BOUND_BYTES = 64L << 20;

    private static MasterServer master;
    private static MemoryLockService sentinel;

    @BeforeAll
    static void startMasterHoldingTheTargetLock() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("fuzz-admin-password").withPort(0));
        sentinel = MemoryLockServiceProxies.create(master.serviceUri(), ClientTransportSettings.defaults());
        LockGrant held = sentinel.tryLock(HostileBodies.TARGET_TYPE, HostileBodies.TARGET_KEY, "sentinel",
                Duration.ofMinutes(10).toMillis(), 0);
        assertNotNull(held);
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void everyHostileBodyIsRefusedCleanlyAndNothingLeaksOrGrows() throws Exception {
        List<String> tableBefore = TableLines.of(master, CorrectClient.TYPE);
        long heapBefore = usedHeapAfterGc();
        int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
        Map<HostileBodies.Kind, AtomicInteger> kinds = new EnumMap<>(HostileBodies.Kind.class);
        Map<Integer, AtomicInteger> statuses = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        AtomicLong sent = new AtomicLong();
        AtomicInteger peakThreads = new AtomicInteger(threadsBefore);
        AtomicInteger peakPoolThreads = new AtomicInteger();
        AtomicInteger closedUnread = new AtomicInteger();

        try (CorrectClient client = new CorrectClient(master.serviceUri(), null)) {
            ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < SENDERS; s++) {
                HostileBodies bodies = new HostileBodies(s * 7919L + 17);
                done.add(senders.submit(() -> {
                    while (sent.incrementAndGet() <= BODIES) {
                        HostileBodies.Body body = bodies.next();
                        kinds.computeIfAbsent(body.kind(), k -> new AtomicInteger()).incrementAndGet();
                        HttpResponse<byte[]> response;
                        try {
                            response = postRetryingOnce(body.bytes());
                        } catch (java.io.UncheckedIOException noAnswer) {
                            if (body.kind() == HostileBodies.Kind.OVERSIZED) {
                                // Refused unread: the master answers 413 and closes while the client still sends,
                                // and the client may see the reset before the answer. A refusal all the same.
                                closedUnread.incrementAndGet();
                                continue;
                            }
                            synchronized (problems) {
                                if (problems.size() < 20) {
                                    problems.add(body.kind() + ": no answer (" + noAnswer.getCause() + ") for "
                                            + body.bytes().length + " bytes " + RawHttp.text(Arrays.copyOf(
                                            body.bytes(), Math.min(80, body.bytes().length))));
                                }
                            }
                            continue;
                        }
                        synchronized (statuses) {
                            statuses.computeIfAbsent(response.statusCode(), k -> new AtomicInteger()).incrementAndGet();
                        }
                        String problem = refusedCleanly(response);
                        if (problem != null) {
                            synchronized (problems) {
                                if (problems.size() < 20) {
                                    problems.add(body.kind() + ": " + problem + " for body "
                                            + RawHttp.text(Arrays.copyOf(body.bytes(), Math.min(80,
                                            body.bytes().length))));
                                }
                            }
                        }
                        if (sent.get() % SAMPLE_EVERY == 0) {
                            peakThreads.accumulateAndGet(ManagementFactory.getThreadMXBean().getThreadCount(),
                                    Math::max);
                            peakPoolThreads.accumulateAndGet(masterPoolThreads(), Math::max);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> sender : done) {
                sender.get();
            }
            senders.shutdown();
            client.awaitCycles(3, Duration.ofSeconds(30));
            client.close();
            assertEquals(List.of(), client.failures(), "the correct client failed during the fuzz");
            assertTrue(client.cycles() > 10, "the correct client barely worked: " + client.cycles());
            long heapGrowth = usedHeapAfterGc() - heapBefore;

            System.out.println("RELIABILITY fuzz: bodies=" + Math.min(sent.get() - SENDERS, BODIES) + " kinds="
                    + new TreeMap<>(kinds) + " statuses=" + statuses + " oversized-closed-unread=" + closedUnread + " problems=" + problems.size()
                    + " | peak-threads=" + peakThreads.get() + " (before " + threadsBefore + ", master pool peak "
                    + peakPoolThreads.get() + "/" + HttpServerSizing.MAX_THREADS + ") heap-growth="
                    + (heapGrowth >> 20) + "MiB | correct-client cycles=" + client.cycles() + " failures=0"
                    + " longest-cycle=" + client.longestCycleMillis() + "ms");

            assertEquals(List.of(), problems);
            assertTrue(statuses.keySet().stream().allMatch(status -> status < 500), "statuses: " + statuses);
            assertTrue(kinds.values().stream().mapToInt(AtomicInteger::get).sum() >= BODIES);
            assertFalse(Tripwire.Log.INITIALIZED.get(), "a class outside the allow-list was instantiated");
            assertEquals(tableBefore, TableLines.of(master, CorrectClient.TYPE), "hostile calls changed the table");
            assertTrue(peakPoolThreads.get() <= HttpServerSizing.MAX_THREADS, "pool threads " + peakPoolThreads);
            assertTrue(peakThreads.get() <= threadsBefore + HttpServerSizing.MAX_THREADS + OTHER_THREADS_MARGIN,
                    "threads grew from " + threadsBefore + " to " + peakThreads.get());
            assertTrue(heapGrowth < HEAP_GROWTH_BOUND_BYTES, "heap grew by " + (heapGrowth >> 20) + " MiB");
        }
        assertEquals(List.of(), TableLines.of(master, "held").stream()
                .filter(line -> line.startsWith(CorrectClient.TYPE + "/")).toList(), "the correct client left locks");
    }

    /**
     * Posts a body; a connection the master closed after an earlier refusal (it may close after answering a body it
     * did not read) can fail the next request on it, so a body that got no answer is sent once more on a new one.
     */
    private static HttpResponse<byte[]> postRetryingOnce(byte[] body) {
        try {
            return RawHttp.post(master.serviceUri(), body, Map.of());
        } catch (java.io.UncheckedIOException staleConnection) {
            return RawHttp.post(master.serviceUri(), body, Map.of());
        }
    }

    /** @return what is wrong with a refusal, or {@code null} if it is a clean fault or 4xx */
    private static String refusedCleanly(HttpResponse<byte[]> response) {
        int status = response.statusCode();
        if (status >= 500) {
            return "status " + status;
        }
        String leak = ReplyChecks.leak(response.body());
        if (leak != null) {
            return "reply leaks '" + leak.strip() + "': " + RawHttp.text(response.body());
        }
        if (status == 200) {
            if (!"x-application/hessian".equals(response.headers().firstValue("Content-Type").orElse(""))) {
                return "200 that is not Hessian";
            }
            try {
                Throwable fault = ReplyChecks.fault(response.body());
                if (!(fault instanceof IllegalStateException) && !(fault instanceof IllegalArgumentException)) {
                    return "200 that is not a fault a client understands: " + fault;
                }
                if (fault.getStackTrace().length > 0 || fault.getCause() != null) {
                    return "fault carries a stack trace or a cause";
                }
            } catch (java.io.IOException e) {
                return "undecodable reply: " + e.getMessage();
            }
        } else if (status < 400) {
            return "status " + status;
        }
        return null;
    }

    private static int masterPoolThreads() {
        int count = 0;
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
            if (info.getThreadName().startsWith(HttpServerSizing.THREAD_NAME)) {
                count++;
            }
        }
        return count;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
