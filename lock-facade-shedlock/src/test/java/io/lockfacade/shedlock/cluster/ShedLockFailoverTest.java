package io.lockfacade.shedlock.cluster;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.testkit.master.MasterProcess;
import io.lockfacade.shedlock.LockFacadeLockProvider;
import io.lockfacade.testsupport.await.Await;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The provider when its master fails: the single master restarted, a master group's leader killed mid-task. */
class ShedLockFailoverTest {

    private static final Path LOGS = Path.of(System.getProperty("reliability.logs", "target/node-logs"));
    private static final List<String> MASTER_JVM = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final Duration LOCK_AT_MOST_FOR = Duration.ofSeconds(60);
    private static final Duration AFTER_ELECTION = Duration.ofSeconds(3);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @Test
    void afterARestartOfTheSingleMasterTasksAreLockedAgainWithNewerTokens() throws InterruptedException {
        try (MasterProcess master = MasterProcess.start(new MasterProcess.Settings("shedlock-master",
                LOGS.resolve("restart"), null, "shedlock-admin", MASTER_JVM, List.of()));
             Node first = new Node(master.serviceUri().toString(), "first");
             Node second = new Node(master.serviceUri().toString(), "second")) {
            SimpleLock before = first.provider.lock(config("restart")).orElseThrow();
            long tokenBefore = first.provider.fencingToken("restart").orElseThrow();

            master.restart(); // kill -9: a single master keeps no locks, only its fencing counter's floor
            SimpleLock after = Await.value(PATIENCE, POLL, () -> tryLock(second, "restart"),
                    () -> "no lock after the restart");

            assertTrue(second.provider.fencingToken("restart").orElseThrow() > tokenBefore,
                    "a fenced resource refuses the holder from before the restart");
            before.unlock(); // reported as lost in the log, not thrown: the task had ended
            assertTrue(first.provider.lock(config("restart")).isEmpty());
            after.unlock();
        }
    }

    @Test
    void aKilledGroupLeaderDoesNotLetAnotherNodeStartARunningTask(@TempDir Path data) throws InterruptedException {
        try (MasterGroup group = MasterGroup.start(3, data, LOGS.resolve("group"), "shedlock-admin",
                GroupChaosLimits.MEMBER_JVM_OPTIONS)) {
            String leader = group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
            String urls = group.ids().stream().map(id -> group.endpoint(id).toString())
                    .collect(Collectors.joining(","));
            try (Node running = new Node(urls, "running"); Node waiting = new Node(urls, "waiting")) {
                SimpleLock task = running.provider.lock(config("nightly")).orElseThrow();
                long token = running.provider.fencingToken("nightly").orElseThrow();

                group.kill(leader);
                List<String> others = group.ids().stream().filter(id -> !id.equals(leader)).toList();
                group.awaitLeader(others, GroupChaosLimits.LEADER_TIMEOUT);
                long end = System.nanoTime() + AFTER_ELECTION.toNanos();
                int answered = 0;
                while (System.nanoTime() < end) {
                    Optional<SimpleLock> second = tryLock(waiting, "nightly");
                    assertTrue(second.isEmpty(), "another node started the task while the first still ran it");
                    answered++;
                    Thread.sleep(POLL.toMillis());
                }
                assertTrue(answered > 0, "the new leader never answered");

                task.unlock(); // through the new leader
                SimpleLock next = waiting.provider.lock(config("nightly")).orElseThrow();
                assertTrue(waiting.provider.fencingToken("nightly").orElseThrow() > token);
                next.unlock();
            }
        }
    }

    /** @return the lock, or empty if it is held or the master cannot answer right now (an election) */
    private static Optional<SimpleLock> tryLock(Node node, String name) {
        try {
            return node.provider.lock(config(name));
        } catch (LockServiceUnavailableException e) {
            return Optional.empty();
        }
    }

    private static LockConfiguration config(String name) {
        return new LockConfiguration(Instant.now(), name, LOCK_AT_MOST_FOR, Duration.ZERO);
    }

    /** A client node: its {@code DistributeLock} and its provider. */
    private static final class Node implements AutoCloseable {

        private final DistributeLock locks;
        private final LockFacadeLockProvider provider;

        Node(String masterUrls, String nodeId) {
            locks = new DistributeLock(MemoryLockServiceProxies.create(masterUrls, ClientTransportSettings.defaults()),
                    DistributeLockSettings.defaults().withNodeId(nodeId));
            provider = new LockFacadeLockProvider(locks);
        }

        @Override
        public void close() {
            provider.close();
            locks.close();
        }
    }
}
