package io.lockfacade.integration.cluster;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.integration.LockFacadeLockRegistry;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.MasterGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry against a master group whose leader is killed while a node holds a lock. */
class RegistryGroupFailoverTest {

    private static final Path LOGS = Path.of(System.getProperty("reliability.logs", "target/node-logs"));
    private static final Duration AFTER_ELECTION = Duration.ofSeconds(3);
    private static final long POLL_MILLIS = 50;

    @Test
    void aHeldLockSurvivesTheLeadersDeathAndIsNeverGrantedTwice(@TempDir Path data) throws InterruptedException {
        try (MasterGroup group = MasterGroup.start(3, data, LOGS.resolve("group"), "registry-admin",
                GroupChaosLimits.MEMBER_JVM_OPTIONS)) {
            String leader = group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
            String urls = group.ids().stream().map(id -> group.endpoint(id).toString())
                    .collect(Collectors.joining(","));
            try (DistributeLock holderNode = node(urls, "holder"); DistributeLock otherNode = node(urls, "other")) {
                Lock held = new LockFacadeLockRegistry(holderNode, "orders").obtain("42");
                Lock wanted = new LockFacadeLockRegistry(otherNode, "orders").obtain("42");
                assertTrue(held.tryLock());

                group.kill(leader);
                List<String> others = group.ids().stream().filter(id -> !id.equals(leader)).toList();
                group.awaitLeader(others, GroupChaosLimits.LEADER_TIMEOUT);
                long end = System.nanoTime() + AFTER_ELECTION.toNanos();
                int answered = 0;
                while (System.nanoTime() < end) {
                    try {
                        assertFalse(wanted.tryLock(), "granted to another node while its holder still held it");
                        answered++;
                    } catch (LockServiceUnavailableException electionInProgress) {
                        // no answer is no grant
                    }
                    Thread.sleep(POLL_MILLIS);
                }
                assertTrue(answered > 0, "the new leader never answered");

                held.unlock(); // through the new leader, without a loss
                assertTrue(wanted.tryLock());
                wanted.unlock();
            }
        }
    }

    private static DistributeLock node(String masterUrls, String nodeId) {
        return new DistributeLock(MemoryLockServiceProxies.create(masterUrls, ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(nodeId));
    }
}
