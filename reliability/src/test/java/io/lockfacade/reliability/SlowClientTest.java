package io.lockfacade.reliability;

import io.lockfacade.api.LockLimits;
import io.lockfacade.reliability.testing.CorrectClient;
import io.lockfacade.webapp.HttpServerSizing;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Slow and idle clients cannot exhaust the master: more connections than it has request threads, sending their
 * bodies one byte a second or nothing at all, while a correct client keeps locking. The master must close the
 * trickling ones once {@link HttpServerSizing#REQUEST_BODY_DEADLINE} has passed and the idle ones after its idle
 * timeout, and never use more than {@link HttpServerSizing#MAX_THREADS} request threads.
 *
 * <p>The idle connections are opened first and checked last, so both waits overlap.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SlowClientTest {

    /** More than the master has request threads. */
    private static final int ATTACKERS = HttpServerSizing.MAX_THREADS + 8;
    private static final int DECLARED_BODY_BYTES = 300;
    /** Requests that declare the largest body and send one byte of it: 400 x 64 KiB = 25 MiB if set aside. */
    private static final int CLAIMERS = 400;
    private static final Duration MARGIN = Duration.ofSeconds(10);

    private static MasterServer master;
    private static final List<Socket> idle = new ArrayList<>();
    private static long idleOpenedAtNanos;

    @BeforeAll
    static void startMasterAndOpenIdleConnections() throws IOException {
        master = MasterServer.start(MasterOptions.defaults("slow-admin-password").withPort(0));
        for (int i = 0; i < ATTACKERS; i++) {
            idle.add(connect());
        }
        idleOpenedAtNanos = System.nanoTime();
    }

    @AfterAll
    static void stopMaster() {
        idle.forEach(SlowClientTest::closeQuietly);
        master.close();
    }

    @Test
    @Order(1)
    void bodiesSentOneByteASecondNeitherStarveOthersNorStayOpenPastTheDeadline() throws Exception {
        List<Socket> trickling = new ArrayList<>();
        ScheduledExecutorService dripper = Executors.newSingleThreadScheduledExecutor();
        try (CorrectClient client = new CorrectClient(master.serviceUri(), null)) {
            client.awaitCycles(1, Duration.ofSeconds(30));
            long startedAt = System.nanoTime();
            for (int i = 0; i < ATTACKERS; i++) {
                Socket socket = connect();
                socket.getOutputStream().write(("POST " + LockLimits.SERVICE_PATH + " HTTP/1.1\r\nHost: master\r\n"
                        + "Content-Type: x-application/hessian\r\nContent-Length: " + DECLARED_BODY_BYTES
                        + "\r\n\r\nH").getBytes(StandardCharsets.US_ASCII));
                trickling.add(socket);
            }
            dripper.scheduleAtFixedRate(() -> trickling.forEach(SlowClientTest::dripOneByte), 1, 1, TimeUnit.SECONDS);

            int peakPoolThreads = 0;
            long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (System.nanoTime() < until) {
                client.awaitCycles(1, Duration.ofSeconds(5)); // starved callers would time out here
                peakPoolThreads = Math.max(peakPoolThreads, poolThreads());
            }
            Duration bound = HttpServerSizing.REQUEST_BODY_DEADLINE.plus(MARGIN);
            long lastClosedMillis = 0;
            for (Socket socket : trickling) {
                lastClosedMillis = Math.max(lastClosedMillis, assertClosedByMaster(socket, startedAt, bound));
            }
            long afterClose = client.cycles();
            client.awaitCycles(3, Duration.ofSeconds(10));

            System.out.println("RELIABILITY slow bodies: " + ATTACKERS + " connections at 1 byte/s all closed after "
                    + lastClosedMillis + "ms (deadline " + HttpServerSizing.REQUEST_BODY_DEADLINE.toSeconds()
                    + "s), pool peak " + peakPoolThreads + "/" + HttpServerSizing.MAX_THREADS
                    + ", correct client " + afterClose + " cycles, longest " + client.longestCycleMillis() + "ms");
            assertEquals(List.of(), client.failures());
            assertTrue(peakPoolThreads <= HttpServerSizing.MAX_THREADS);
        } finally {
            dripper.shutdownNow();
            trickling.forEach(SlowClientTest::closeQuietly);
        }
    }

    @Test
    @Order(2)
    void requestsThatOnlyClaimALargeBodyCostNoHeapUntilTheBytesArrive() throws Exception {
        long heapBefore = usedHeapAfterGc();
        List<Socket> claiming = new ArrayList<>();
        try {
            long startedAt = System.nanoTime();
            for (int i = 0; i < CLAIMERS; i++) {
                Socket socket = connect();
                socket.getOutputStream().write(("POST " + LockLimits.SERVICE_PATH + " HTTP/1.1\r\nHost: master\r\n"
                        + "Content-Length: " + LockLimits.MAX_REQUEST_BYTES + "\r\n\r\nH")
                        .getBytes(StandardCharsets.US_ASCII));
                claiming.add(socket);
            }
            Thread.sleep(1_000); // let the master take them all in
            long growth = usedHeapAfterGc() - heapBefore;
            long claimed = (long) CLAIMERS * LockLimits.MAX_REQUEST_BYTES;
            for (Socket socket : claiming) {
                assertClosedByMaster(socket, startedAt, HttpServerSizing.REQUEST_BODY_DEADLINE.plus(MARGIN));
            }
            System.out.println("RELIABILITY claimed bodies: " + CLAIMERS + " requests claiming "
                    + LockLimits.MAX_REQUEST_BYTES / 1024 + " KiB each (" + (claimed >> 20) + " MiB) grew the heap by "
                    + (growth >> 20) + " MiB and were closed at the deadline");
            assertTrue(growth < claimed / 4, "the master set aside heap for bodies that never came: " + (growth >> 20)
                    + " MiB for " + (claimed >> 20) + " MiB claimed");
        } finally {
            claiming.forEach(SlowClientTest::closeQuietly);
        }
    }

    @Test
    @Order(3)
    void connectionsOpenedAndNeverUsedAreClosedAfterTheIdleTimeout() throws Exception {
        Duration idleTimeout = HttpServerSizing.idleTimeout(MasterOptions.defaults("x").waitCap());
        try (CorrectClient client = new CorrectClient(master.serviceUri(), null)) {
            client.awaitCycles(3, Duration.ofSeconds(30));
            long lastClosedMillis = 0;
            for (Socket socket : idle) {
                lastClosedMillis = Math.max(lastClosedMillis,
                        assertClosedByMaster(socket, idleOpenedAtNanos, idleTimeout.plus(MARGIN)));
            }
            System.out.println("RELIABILITY idle connections: " + idle.size() + " all closed after "
                    + lastClosedMillis + "ms (idle timeout " + idleTimeout.toSeconds() + "s)");
            assertEquals(List.of(), client.failures());
        }
    }

    /**
     * Reads until the master closes the connection (an answer first is fine, a 5xx is not), failing after
     * {@code bound}.
     *
     * @return milliseconds from {@code sinceNanos} until the close was seen
     */
    private static long assertClosedByMaster(Socket socket, long sinceNanos, Duration bound) throws IOException {
        long deadline = sinceNanos + bound.toNanos();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[1024];
        StringBuilder answer = new StringBuilder();
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw new AssertionError("the master kept a connection open past " + bound + "; it answered: "
                        + answer);
            }
            socket.setSoTimeout((int) Math.max(1, left));
            try {
                int read = in.read(buffer);
                if (read < 0) {
                    break;
                }
                answer.append(new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
            } catch (SocketTimeoutException e) {
                // loop: the deadline check fails the test
            } catch (IOException reset) {
                break;
            }
        }
        assertTrue(!answer.toString().startsWith("HTTP/1.1 5"), "a slow client got a 5xx: " + answer);
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
    }

    private static void dripOneByte(Socket socket) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write('x');
            out.flush();
        } catch (IOException closed) {
            // the master cut it: what the test wants
        }
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static int poolThreads() {
        int count = 0;
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
            if (info.getThreadName().startsWith(HttpServerSizing.THREAD_NAME)) {
                count++;
            }
        }
        return count;
    }

    private static Socket connect() throws IOException {
        return new Socket(InetAddress.getLoopbackAddress(), master.port());
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
