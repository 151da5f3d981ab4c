package io.lockfacade.client.cluster;

import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Read-write locks, semaphores and leaderships through {@link DistributeLock} on a master group of three member
 * JVMs, the client given every member's URL, while the group's leader is killed ({@code kill -9}): a writer waiting
 * on another node does not get the lock while the reader holds it, a waiting semaphore acquisition is not granted
 * beyond the capacity, the leader node keeps leading, and once it leaves the next participant leads with a larger
 * epoch.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class GroupPrimitivesJavaClientTest {

    private static final Duration LEADER_WAIT = Duration.ofSeconds(60);
    private static final Duration GRANT_WAIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(20);
    /** Long enough for a parked waiting call to have reached the new leader after the old one was killed. */
    private static final Duration SETTLE = Duration.ofSeconds(3);
    private static final int CAPACITY = 2;

    @TempDir
    Path dataRoot;

    private GroupProcesses group;
    private final ExecutorService nodeB = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopGroup() throws InterruptedException {
        nodeB.shutdownNow();
        assertTrue(nodeB.awaitTermination(30, TimeUnit.SECONDS));
        if (group != null) {
            group.close();
        }
    }

    @Test
    void primitivesKeepTheirRulesWhenTheGroupsLeaderIsKilled() throws Exception {
        group = GroupProcesses.start(dataRoot, 3);
        int leader = group.awaitLeader(LEADER_WAIT);
        try (DistributeLock a = node("node-gprim-a"); DistributeLock b = node("node-gprim-b")) {
            Terms aTerms = new Terms();
            Terms bTerms = new Terms();
            Leadership aLeads = a.leadership("nightly", aTerms);
            Await.until(LEADER_WAIT, POLL, aLeads::isLeader, () -> "node a never led");
            long epochA = aLeads.epoch();
            Leadership bLeads = b.leadership("nightly", bTerms);

            Lock aRead = a.asReadWriteLock("catalog", "k").readLock();
            assertTrue(aRead.tryLock(GRANT_WAIT.toSeconds(), TimeUnit.SECONDS));
            AtomicBoolean aReads = new AtomicBoolean(true);
            LockFacadeSemaphore aPermits = a.semaphore("quota", "k", CAPACITY);
            assertTrue(aPermits.tryAcquire(CAPACITY, GRANT_WAIT.toSeconds(), TimeUnit.SECONDS));
            AtomicInteger aHolds = new AtomicInteger(CAPACITY);

            Future<Boolean> writerSawNoReader = nodeB.submit(() -> {
                Lock write = b.asReadWriteLock("catalog", "k").writeLock();
                assertTrue(write.tryLock(LEADER_WAIT.toSeconds() * 2, TimeUnit.SECONDS), "the writer never got it");
                boolean overlap = aReads.get();
                write.unlock();
                return !overlap;
            });
            Future<Boolean> permitWithinCapacity = nodeB.submit(() -> {
                LockFacadeSemaphore permits = b.semaphore("quota", "k", CAPACITY);
                assertTrue(permits.tryAcquire(1, LEADER_WAIT.toSeconds() * 2, TimeUnit.SECONDS), "no permit");
                boolean withinCapacity = aHolds.get() + 1 <= CAPACITY;
                permits.release(1);
                return withinCapacity;
            });

            group.member(leader).kill();
            int newLeader = group.awaitLeader(LEADER_WAIT, leader);
            Thread.sleep(SETTLE.toMillis());
            assertFalse(writerSawNoReader.isDone(), "the writer got the lock while node a reads");
            assertFalse(permitWithinCapacity.isDone(), "a permit beyond the capacity was granted");
            assertEquals(0, aPermits.availablePermits(), "the new leader n" + (newLeader + 1) + " counts a's permits");
            assertTrue(aLeads.isLeader() && !bLeads.isLeader(), "the leadership stayed with node a");
            assertEquals(epochA, aLeads.epoch());

            aReads.set(false);
            aRead.unlock();
            assertTrue(writerSawNoReader.get(GRANT_WAIT.toSeconds(), TimeUnit.SECONDS), "writer overlapped a reader");
            aHolds.set(0);
            aPermits.release(CAPACITY);
            assertTrue(permitWithinCapacity.get(GRANT_WAIT.toSeconds(), TimeUnit.SECONDS), "over the capacity");

            aLeads.close();
            Await.until(LEADER_WAIT, POLL, bLeads::isLeader, () -> "node b never led after node a left");
            assertFalse(aLeads.isLeader());
            assertTrue(bLeads.epoch() > epochA, "epoch " + bLeads.epoch() + " after " + epochA);
            long epochB = bLeads.epoch();
            Await.until(GRANT_WAIT, POLL, () -> bTerms.lastElected.get() == epochB && aTerms.revocations.get() == 1,
                    () -> "listeners heard: b elected " + bTerms.lastElected + ", a revoked " + aTerms.revocations);
            bLeads.close();
        }
    }

    private DistributeLock node(String nodeId) {
        return new DistributeLock(MemoryLockServiceProxies.create(group.masterUrls(),
                ClientTransportSettings.defaults().withConnectTimeout(Duration.ofSeconds(1))),
                DistributeLockSettings.defaults().withNodeId(nodeId));
    }

    /** What a participant's listener heard. */
    private static final class Terms implements LeadershipListener {
        final AtomicLong lastElected = new AtomicLong(-1);
        final AtomicInteger revocations = new AtomicInteger();

        @Override
        public void elected(long epoch) {
            lastElected.set(epoch);
        }

        @Override
        public void revoked() {
            revocations.incrementAndGet();
        }
    }
}
