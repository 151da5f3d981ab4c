package io.lockfacade.webapp.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.testsupport.hessian.HessianCalls;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Calls parked while they wait: capped by the master, and never leaving a lock to a caller that went away. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParkedCallTest {

    private static final long LEASE = 60_000;
    private static final Duration WAIT_CAP = Duration.ofSeconds(2);

    private static MasterServer master;
    private static MemoryLockService locks;

    @BeforeAll
    static void startMaster() {
        master = Masters.start(options -> options.withWaitCap(WAIT_CAP));
        locks = HessianClients.proxy(master.serviceUri());
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void theMasterCapsOneCallsWaitAndAnswersBusy() {
        locks.tryLock("capped", "k", "alice", LEASE, 0);
        long start = System.nanoTime();
        assertNull(locks.tryLock("capped", "k", "bob", LEASE, Duration.ofMinutes(5).toMillis()));
        Duration waited = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(waited.compareTo(WAIT_CAP.minusMillis(100)) >= 0, "waited " + waited);
        assertTrue(waited.compareTo(Duration.ofSeconds(20)) < 0, "waited " + waited);
        assertEquals(0, TableProbe.lock(master, "capped", "k").orElseThrow().waiters());
    }

    @Test
    void aClientThatDisconnectsWhileParkedNeverEndsUpHoldingTheLock() throws Exception {
        locks.tryLock("vanish", "k", "holder", LEASE, 0);
        byte[] call = HessianCalls.call("tryLock", "vanish", "k", "vanished", LEASE, WAIT_CAP.toMillis());
        try (Socket socket = new Socket("127.0.0.1", master.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + LockLimits.SERVICE_PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: x-application/hessian\r\nContent-Length: " + call.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(call);
            out.flush();
            TableProbe.awaitWaiters(master, "vanish", "k", 1);
        }
        assertTrue(locks.unlock("vanish", "k", "holder"));
        LockGrant next = locks.tryLock("vanish", "k", "next", LEASE, WAIT_CAP.toMillis());
        assertNotNull(next, "the lock must not stay with the vanished caller");
        assertEquals("next", TableProbe.lock(master, "vanish", "k").orElseThrow().owner());
    }
}
