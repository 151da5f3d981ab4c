package io.lockfacade.group.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.LogWrites;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The group under steady load from several threads on distinct keys: shared appends, followers kept current. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GroupUnderLoadTest {

    private static final int THREADS = 8;
    private static final long LEASE = 60_000;
    /** Generous for a loaded build host; the benchmark measures the real figure. */
    private static final Duration CATCH_UP_BOUND = Duration.ofSeconds(6);

    @TempDir
    Path dataRoot;

    private LocalGroup group;
    private final AtomicBoolean loadRuns = new AtomicBoolean(true);
    private final List<Thread> loaders = new ArrayList<>();
    private final AtomicLong pairs = new AtomicLong();
    private final AtomicReference<Throwable> loadFailure = new AtomicReference<>();

    @AfterEach
    void stop() throws InterruptedException {
        loadRuns.set(false);
        for (Thread loader : loaders) {
            loader.join(10_000);
        }
        if (group != null) {
            group.close();
        }
    }

    @Test
    void requestsThatArriveTogetherShareOneFsyncOnTheLeaderAndTheFollowers() throws Exception {
        group = LocalGroup.start(3, dataRoot);
        int leader = group.awaitServingLeader();
        LogWrites[] before = writes();
        startLoad(group.service(leader));
        awaitPairs(2_000);
        loadRuns.set(false);
        for (Thread loader : loaders) {
            loader.join(10_000);
        }
        group.awaitSameAppliedIndex();
        for (int i = 0; i < group.size(); i++) {
            LogWrites load = group.member(i).logWrites().since(before[i]);
            assertTrue(load.commands() >= 2 * 2_000, "member " + i + " applied " + load);
            assertNull(loadFailure.get(), "a lock+unlock under load failed");
            assertTrue(load.commandsPerAppend() > 1.2, "member " + i + " forced one append per "
                    + load.commandsPerAppend() + " requests: " + load);
        }
    }

    @Test
    void aFollowerRestartedUnderLoadCatchesUpWhileTheLoadGoesOn() throws Exception {
        group = LocalGroup.start(3, dataRoot);
        int leader = group.awaitServingLeader();
        int follower = (leader + 1) % group.size();
        group.stopMember(follower);
        startLoad(group.service(leader));
        awaitPairs(1_500);

        long restarted = System.nanoTime();
        group.startMember(follower);
        GroupMember leaderMember = group.member(leader);
        long target = leaderMember.stateMachine().appliedIndex();
        Await.until(CATCH_UP_BOUND, Duration.ofMillis(10),
                () -> group.member(follower).stateMachine().appliedIndex() >= target,
                () -> "the restarted follower applied " + group.member(follower).stateMachine().appliedIndex()
                        + " of " + target + " within " + CATCH_UP_BOUND + " under load");
        long caughtUpMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restarted);
        long pairsAtCatchUp = pairs.get();
        awaitPairs(pairsAtCatchUp + 200);
        assertTrue(loadRuns.get(), "the load stopped");
        System.out.printf("restarted follower current after %d ms under load%n", caughtUpMillis);
        Await.until(CATCH_UP_BOUND, Duration.ofMillis(10),
                () -> group.member(follower).stateMachine().appliedIndex() + 2L * THREADS
                        >= leaderMember.stateMachine().appliedIndex(),
                () -> "the follower fell behind again under load");
        assertNull(loadFailure.get(), "a lock+unlock under load failed");
    }

    private LogWrites[] writes() {
        LogWrites[] writes = new LogWrites[group.size()];
        for (int i = 0; i < writes.length; i++) {
            writes[i] = group.member(i).logWrites();
        }
        return writes;
    }

    private void startLoad(GroupMemberLockService leader) {
        for (int t = 0; t < THREADS; t++) {
            String key = "key-" + t;
            String owner = "owner-" + t;
            Thread loader = new Thread(() -> {
                try {
                    while (loadRuns.get()) {
                        LockGrant grant = leader.tryLock("load", key, owner, LEASE, 0);
                        if (grant == null || !leader.unlock("load", key, owner)) {
                            throw new AssertionError(key + " is used by its one thread only, yet was refused");
                        }
                        pairs.incrementAndGet();
                    }
                } catch (RuntimeException | AssertionError failed) {
                    loadFailure.compareAndSet(null, failed);
                    loadRuns.set(false);
                }
            }, "load-" + t);
            loader.start();
            loaders.add(loader);
        }
    }

    private void awaitPairs(long count) throws InterruptedException {
        Await.until(Duration.ofSeconds(60), Duration.ofMillis(10), () -> pairs.get() >= count,
                () -> "the load made " + pairs.get() + " of " + count + " lock+unlock pairs");
    }
}
