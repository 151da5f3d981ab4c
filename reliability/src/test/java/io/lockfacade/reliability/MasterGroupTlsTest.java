package io.lockfacade.reliability;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.GroupTls;
import io.lockfacade.testkit.master.MasterAdmin;
import io.lockfacade.reliability.testing.LoopbackTlsGroup;
import io.lockfacade.testsupport.tls.TlsProbe;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A master group of 3 member JVMs started with {@code --tls-keystore} and {@code --tls-truststore}: clients are
 * served over HTTPS, members talk mutual TLS, certificates rotate under load, and a crashed leader is still replaced
 * at once (the failure-detection port speaks TLS too). One group serves the tests, in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MasterGroupTlsTest {

    private static final String HOST = "127.0.0.1";
    private static final Duration ROTATION_WAIT = Duration.ofSeconds(20);
    private static final String TYPE = "tls";

    @RegisterExtension
    static final LoopbackTlsGroup GROUP = new LoopbackTlsGroup("group-tls");

    @Test
    @Order(1)
    void everyMemberServesClientsOverHttpsAndNamesPeersByHttpsUrls() throws Exception {
        MemoryLockService locks = groupClient(GROUP.group().clientSettings(settings()));

        LockGrant grant = locks.tryLock(TYPE, "served", "owner-1", 0, 0);

        assertNotNull(grant);
        assertTrue(locks.unlock(TYPE, "served", "owner-1"));
        for (String id : GROUP.group().ids()) {
            String status = new MasterAdmin(HOST, () -> GROUP.group().httpPort(id), GroupChaosLimits.ADMIN_PASSWORD,
                    GROUP.tls().client()).groupStatus();
            assertTrue(status.contains("\"url\":\"https://") && !status.contains("http://"), status);
        }
    }

    @Test
    @Order(2)
    void aClientWithoutTheGroupsCaFailsClearlyAndChangesNothing() {
        MemoryLockService stranger = groupClient(settings());

        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> stranger.tryLock(TYPE, "stranger", "owner-2", 0, 0));

        assertTrue(failure.getMessage().contains("truststore must hold the CA"), failure.getMessage());
        assertTrue(groupClient(GROUP.group().clientSettings(settings())).isLockTypeEmpty(TYPE + "-stranger"));
    }

    @Test
    @Order(3)
    void everyMembersKeystoreRotatesUnderLoadWithoutALostLockOrAFailedCall() throws Exception {
        MemoryLockService locks = groupClient(GROUP.group().clientSettings(settings()));
        LockGrant kept = locks.tryLock(TYPE, "kept", "keeper", Duration.ofMinutes(5).toMillis(), 0);
        Map<String, BigInteger> httpsBefore = new LinkedHashMap<>();
        Map<String, BigInteger> raftBefore = new LinkedHashMap<>();
        for (String id : GROUP.group().ids()) {
            httpsBefore.put(id, httpsSerial(id));
            raftBefore.put(id, raftSerial(id));
        }
        List<Throwable> failures = new ArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread load = new Thread(() -> {
            while (running.get()) {
                try {
                    assertNotNull(locks.tryLock(TYPE, "busy", "worker", 5_000, 1_000));
                    assertTrue(locks.unlock(TYPE, "busy", "worker"));
                    calls.incrementAndGet();
                } catch (Throwable t) {
                    synchronized (failures) {
                        failures.add(t);
                    }
                    return;
                }
            }
        }, "tls-rotation-load");
        load.start();
        try {
            GROUP.group().ids().forEach(id -> GROUP.tls().issue(id, HOST));
            for (String id : GROUP.group().ids()) {
                awaitNewSerial(() -> httpsSerial(id), httpsBefore.get(id), id + "'s HTTPS port");
                awaitNewSerial(() -> raftSerial(id), raftBefore.get(id), id + "'s Raft port");
            }
            int atRotation = calls.get();
            long until = System.nanoTime() + ROTATION_WAIT.toNanos();
            while (calls.get() < atRotation + 20 && load.isAlive() && System.nanoTime() < until) {
                Thread.sleep(20);
            }
        } finally {
            running.set(false);
            load.join(ROTATION_WAIT.toMillis());
        }

        assertTrue(failures.isEmpty(), () -> "calls failed during the rotation: " + failures);
        assertTrue(calls.get() > 0);
        LockGrant again = locks.tryLock(TYPE, "kept", "keeper", Duration.ofMinutes(5).toMillis(), 0);
        assertEquals(kept.getFencingToken(), again.getFencingToken(), "the held lock, same grant");
        System.out.println("RELIABILITY group-tls rotation: " + calls.get() + " lock+unlock calls, 0 failed, "
                + "3 keystores replaced, every port presenting its new certificate");
    }

    @Test
    @Order(4)
    void aCrashedLeaderIsReplacedAtOnceAndKeepsItsLocks() {
        MemoryLockService locks = groupClient(GROUP.group().clientSettings(settings()));
        LockGrant held = locks.tryLock(TYPE, "held-across-crash", "keeper", Duration.ofMinutes(5).toMillis(), 0);
        String leader = GROUP.group().awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);

        long killed = System.nanoTime();
        GROUP.group().kill(leader);
        LockGrant first = null;
        long deadline = killed + GroupChaosLimits.FAILOVER_TIMEOUT.toNanos();
        while (first == null && System.nanoTime() < deadline) {
            try {
                first = locks.tryLock(TYPE, "after-crash", "owner-3", 5_000, 0);
            } catch (LockServiceUnavailableException noLeaderYet) {
                // the client's own retries ran out before the new leader was elected: ask again
            }
        }
        long failoverMillis = Duration.ofNanos(System.nanoTime() - killed).toMillis();

        assertNotNull(first, "no grant within " + GroupChaosLimits.FAILOVER_TIMEOUT + " after the leader's crash");
        assertEquals(held.getFencingToken(), locks.tryLock(TYPE, "held-across-crash", "keeper",
                Duration.ofMinutes(5).toMillis(), 0).getFencingToken(), "the held lock, same grant");
        System.out.println("RELIABILITY group-tls crash: leader " + leader + " SIGKILL -> first grant of the new leader "
                + failoverMillis + " ms");
        GROUP.group().restart(leader);
        GROUP.group().awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
    }

    private static MemoryLockService groupClient(ClientTransportSettings settings) {
        String members = GROUP.group().ids().stream().map(GROUP.group()::endpoint).map(URI::toString)
                .collect(Collectors.joining(","));
        return MemoryLockServiceProxies.create(members, settings);
    }

    private static ClientTransportSettings settings() {
        return new ClientTransportSettings(GroupChaosLimits.CONNECT_TIMEOUT, GroupChaosLimits.READ_TIMEOUT, null);
    }

    private static BigInteger httpsSerial(String id) {
        try {
            return TlsProbe.handshake(HOST, GROUP.group().httpPort(id), null, GROUP.tls().truststore())
                    .getSerialNumber();
        } catch (IOException e) {
            throw new IllegalStateException("handshake with " + id + "'s HTTPS port failed", e);
        }
    }

    /** The certificate of {@code id}'s Raft port, as another member (with its certificate) sees it. */
    private static BigInteger raftSerial(String id) {
        String peer = GROUP.group().ids().stream().filter(other -> !other.equals(id)).findFirst().orElseThrow();
        try {
            GroupTls tls = GROUP.tls();
            return TlsProbe.handshake(HOST, GROUP.group().raftPort(id), tls.keystore(peer), tls.truststore())
                    .getSerialNumber();
        } catch (IOException e) {
            throw new IllegalStateException("handshake with " + id + "'s Raft port failed", e);
        }
    }

    private interface SerialProbe {
        BigInteger serial();
    }

    private static void awaitNewSerial(SerialProbe probe, BigInteger before, String port) throws InterruptedException {
        long until = System.nanoTime() + ROTATION_WAIT.toNanos();
        while (probe.serial().equals(before)) {
            if (System.nanoTime() > until) {
                throw new AssertionError(port + " still presents its old certificate after " + ROTATION_WAIT);
            }
            Thread.sleep(200);
        }
    }
}
