package io.lockfacade.group.service;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.contract.MasterContract;
import io.lockfacade.testsupport.contract.PrimitiveRules;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The master contract, read-write locks, semaphores and leaderships included, on a master group of three members in
 * this JVM: calls go to the leader, and a follower must refuse them. Time is the leader's real clock.
 */
class GroupContractTest extends MasterContract implements PrimitiveRules {

    private static final Duration WAIT_CAP = Duration.ofSeconds(1);

    @TempDir
    static Path dataRoot;

    private static LocalGroup group;
    private static int leader;

    @BeforeAll
    static void startGroup() throws Exception {
        group = LocalGroup.start(3, dataRoot, FsyncPolicy.DEFAULT, MasterSettings.defaults().withWaitCap(WAIT_CAP));
        leader = group.awaitServingLeader();
        // Followers learn the leader from its appends: once they applied its term-start entry, they know it.
        group.awaitSameAppliedIndex();
    }

    @AfterAll
    static void stopGroup() {
        group.close();
    }

    @Override
    public MemoryLockService master() {
        return group.service(leader);
    }

    @Override
    public PrimitiveLockService primitives() {
        return group.service(leader).primitives().orElseThrow();
    }

    @Override
    public int waitingCalls(String key) {
        return group.service(leader).waitingFor(new LockKey(lockType(), key));
    }

    @Override
    public Optional<MemoryLockService> notLeader() {
        return Optional.of(group.service((leader + 1) % group.size()));
    }

    @Override
    public Duration waitCap() {
        return WAIT_CAP;
    }

    @Test
    void aFollowerNamesTheLeaderAndRefusesTheCallsOnlyTheLeaderAnswers() {
        MemoryLockService follower = notLeader().orElseThrow();

        NotLeaderException refused = assertThrows(NotLeaderException.class,
                () -> follower.tryLock(lockType(), "k", "o", 0, 0));

        assertEquals("not leader; leader is " + group.topology().members().get(leader).serviceUri(),
                refused.getMessage());
        assertThrows(NotLeaderException.class, () -> follower.yieldToWaiters(lockType(), "k", "o"));
        assertThrows(NotLeaderException.class, () -> follower.hasWaiters(lockType(), "k"));
        PrimitiveLockService followerPrimitives = group.service((leader + 1) % group.size()).primitives()
                .orElseThrow();
        String session = openSession();
        assertThrows(NotLeaderException.class,
                () -> followerPrimitives.tryReadLockInSession(lockType(), "k", "o", session, 0));
        assertThrows(NotLeaderException.class, () -> followerPrimitives.unlockWrite(lockType(), "k", "o"));
        assertThrows(NotLeaderException.class, () -> followerPrimitives.availablePermits(lockType(), "k"));
        assertThrows(NotLeaderException.class, () -> followerPrimitives.leadershipEpoch("l", "o"));
    }
}
