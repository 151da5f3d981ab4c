package io.lockfacade.client.cluster;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A master group of three member JVMs and a failover client in this JVM: the faults of a real deployment (kill -9
 * and SIGSTOP of the leader, a restart of the whole group) never lose a held lock, never let two owners hold one
 * lock, and never lower a fencing token.
 */
@EnabledIfSystemProperty(named = "lockfacade.group.chaos", matches = "true", disabledReason =
        "multi-JVM group faults, minutes long: run with -Dlockfacade.group.chaos=true (docs/reliability.md)")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MasterGroupFailoverTest {

    private static final Duration LEADER_WAIT = Duration.ofSeconds(60);
    private static final long HELD_LEASE = 120_000;
    private static final long LOAD_LEASE = 30_000;
    private static final int LOAD_THREADS = 4;
    private static final Duration FAILOVER_BOUND = Duration.ofSeconds(15);

    @TempDir
    Path dataRoot;

    private GroupProcesses group;

    @AfterEach
    void stopGroup() throws InterruptedException {
        if (group != null) {
            group.close();
        }
    }

    private MemoryLockService failoverClient() {
        return MemoryLockServiceProxies.create(group.masterUrls(), ClientTransportSettings.defaults()
                .withConnectTimeout(Duration.ofSeconds(1)));
    }

    @Test
    void killingTheLeaderUnderLoadKeepsEveryHeldLockWithItsTokenAndTokensKeepRising() throws Exception {
        group = GroupProcesses.start(dataRoot, 3);
        int leader = group.awaitLeader(LEADER_WAIT);
        MemoryLockService client = failoverClient();
        LockGrant held = client.tryLock("orders", "held", "holder", HELD_LEASE, 0);
        assertNotNull(held);

        try (Load load = new Load(client)) {
            load.awaitGrants(40);
            long killedAt = System.nanoTime();
            long lastTokenBefore = load.maxToken.get();
            group.member(leader).kill();
            long firstGrantAfter = load.awaitGrantAfter(killedAt, FAILOVER_BOUND);
            System.out.printf("master group: leader n%d killed (SIGKILL); first grant by the new leader after %d ms%n",
                    leader + 1, TimeUnit.NANOSECONDS.toMillis(firstGrantAfter - killedAt));
            load.awaitGrants(load.grants.get() + 40);
            load.stop();
            assertEquals(List.of(), List.copyOf(load.violations), "two owners held a lock, or a token went down");
            assertTrue(load.maxToken.get() > lastTokenBefore);
        }
        LockGrant again = client.tryLock("orders", "held", "holder", HELD_LEASE, 0);
        assertEquals(held.getFencingToken(), again.getFencingToken(), "the held lock kept its grant");
        assertNull(client.tryLock("orders", "held", "someone-else", HELD_LEASE, 0));
    }

    @Test
    void aFollowerAnswersTheNotLeaderFaultWithinOneSecondAndAFrozenLeaderIsLeftBehind() throws Exception {
        group = GroupProcesses.start(dataRoot, 3);
        int leader = group.awaitLeader(LEADER_WAIT);
        MemoryLockService client = failoverClient();
        LockGrant held = client.tryLock("orders", "held", "holder", HELD_LEASE, 0);
        int follower = (leader + 1) % group.size();
        MemoryLockService direct = MemoryLockServiceProxies.create(group.endpoint(follower),
                ClientTransportSettings.defaults());
        long asked = System.nanoTime();
        NotLeaderException refused = assertThrows(NotLeaderException.class,
                () -> direct.tryLock("orders", "k", "o", LOAD_LEASE, 0));
        assertTrue(System.nanoTime() - asked < TimeUnit.SECONDS.toNanos(1));
        assertEquals("not leader; leader is " + group.endpoint(leader), refused.getMessage());

        group.member(leader).freeze();
        long frozenAt = System.nanoTime();
        LockGrant next = client.tryLock("orders", "after-freeze", "o", LOAD_LEASE, 0);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenAt);
        System.out.printf("master group: leader n%d frozen (SIGSTOP); first grant by the new leader after %d ms%n",
                leader + 1, tookMillis);
        assertNotNull(next);
        assertTrue(next.getFencingToken() > held.getFencingToken());
        assertTrue(tookMillis < FAILOVER_BOUND.toMillis());
        assertEquals(held.getFencingToken(),
                client.tryLock("orders", "held", "holder", HELD_LEASE, 0).getFencingToken());

        group.member(leader).thaw();
        long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
        while (System.nanoTime() < deadline && group.leaderNamedBy(leader).orElse(leader) == leader) {
            Thread.sleep(50);
        }
        int named = group.leaderNamedBy(leader).orElse(leader);
        assertTrue(named != leader, "the resumed old leader still believes it leads");
        MemoryLockService old = MemoryLockServiceProxies.create(group.endpoint(leader),
                ClientTransportSettings.defaults());
        NotLeaderException stale = assertThrows(NotLeaderException.class,
                () -> old.tryLock("orders", "held", "thief", HELD_LEASE, 0), "the resumed old leader granted");
        assertEquals("not leader; leader is " + group.endpoint(named), stale.getMessage());
    }

    @Test
    void theWholeGroupRestartedWithItsDataKeepsItsLocksAndTokensKeepRising() throws Exception {
        group = GroupProcesses.start(dataRoot, 3);
        group.awaitLeader(LEADER_WAIT);
        MemoryLockService client = failoverClient();
        List<LockGrant> held = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            held.add(client.tryLock("orders", "k" + i, "holder-" + i, HELD_LEASE, 0));
        }
        for (int i = 0; i < group.size(); i++) {
            group.member(i).kill();
        }
        for (int i = 0; i < group.size(); i++) {
            group.launch(i);
        }
        for (int i = 0; i < group.size(); i++) {
            group.awaitReady(i);
        }
        group.awaitLeader(LEADER_WAIT);
        for (int i = 0; i < 5; i++) {
            assertEquals(held.get(i).getFencingToken(),
                    client.tryLock("orders", "k" + i, "holder-" + i, HELD_LEASE, 0).getFencingToken());
            assertNull(client.tryLock("orders", "k" + i, "intruder", HELD_LEASE, 0));
        }
        LockGrant fresh = client.tryLock("orders", "new", "c", HELD_LEASE, 0);
        assertTrue(fresh.getFencingToken() > held.get(4).getFencingToken());
    }

    private record Grant(String owner, long token) {
    }

    /** Threads locking and unlocking a few keys through the failover client, checking exclusion and tokens. */
    private static final class Load implements AutoCloseable {

        private static final int KEYS = 3;

        final AtomicInteger grants = new AtomicInteger();
        final AtomicLong maxToken = new AtomicLong();
        final AtomicLong lastGrantNanos = new AtomicLong();
        final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        private final ConcurrentHashMap<String, String> holders = new ConcurrentHashMap<>();
        /** The last grant of each key; the same owner may get the same token again (its unlock failed). */
        private final ConcurrentHashMap<String, Grant> lastGrants = new ConcurrentHashMap<>();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();
        private final MemoryLockService client;

        Load(MemoryLockService client) {
            this.client = client;
            for (int t = 0; t < LOAD_THREADS; t++) {
                String owner = "load-" + t;
                Thread thread = new Thread(() -> run(owner), owner);
                thread.setDaemon(true);
                threads.add(thread);
                thread.start();
            }
        }

        private void run(String owner) {
            int round = 0;
            while (running.get()) {
                String key = "k" + (round++ % KEYS);
                try {
                    LockGrant grant = client.tryLock("load", key, owner, LOAD_LEASE, 1_000);
                    if (grant == null) {
                        continue;
                    }
                    String previous = holders.putIfAbsent(key, owner);
                    if (previous != null) {
                        violations.add(key + " granted to " + owner + " while " + previous + " held it");
                    }
                    Grant before = lastGrants.put(key, new Grant(owner, grant.getFencingToken()));
                    if (before != null && (before.token() > grant.getFencingToken()
                            || (before.token() == grant.getFencingToken() && !before.owner().equals(owner)))) {
                        violations.add(key + " token " + grant.getFencingToken() + " to " + owner + " after "
                                + before);
                    }
                    maxToken.accumulateAndGet(grant.getFencingToken(), Math::max);
                    lastGrantNanos.set(System.nanoTime());
                    grants.incrementAndGet();
                    holders.remove(key, owner);
                    client.unlock("load", key, owner);
                } catch (LockServiceUnavailableException unavailable) {
                    // the group had no leader for a whole read timeout: try again
                }
            }
        }

        void awaitGrants(int count) throws InterruptedException {
            long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
            while (grants.get() < count && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(grants.get() >= count, "only " + grants.get() + " grants");
        }

        long awaitGrantAfter(long since, Duration bound) throws InterruptedException {
            long deadline = since + bound.toNanos();
            while (lastGrantNanos.get() <= since && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(lastGrantNanos.get() > since, "no grant within " + bound + " of the fault");
            return lastGrantNanos.get();
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(30));
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop();
        }
    }
}
