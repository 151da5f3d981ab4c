package io.lockfacade.group.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.group.state.TableImage;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InProcessGroupTest {

    private static final long LEASE = 60_000;

    @TempDir
    Path dataRoot;

    private LocalGroup group;

    @BeforeEach
    void startGroup() throws Exception {
        group = LocalGroup.start(3, dataRoot);
    }

    @AfterEach
    void stopGroup() {
        group.close();
    }

    @Test
    void everyMemberAppliesTheSameEntriesToTheSameTable() throws Exception {
        GroupMemberLockService leader = group.service(group.awaitServingLeader());
        leader.openSession("node-1", 30_000);
        for (int i = 0; i < 20; i++) {
            leader.tryLock("orders", "k" + i, "owner-" + (i % 3), LEASE, 0);
        }
        leader.tryLockInSession("orders", "s", "owner-1", "node-1", 0);
        leader.unlock("orders", "k3", "owner-0");
        leader.renew("orders", "k4", "owner-1", LEASE);
        group.awaitSameAppliedIndex();
        TableImage expected = group.member(0).stateMachine().table().image();
        assertEquals(20, expected.table().locks().size());
        for (int i = 1; i < group.size(); i++) {
            assertEquals(expected, group.member(i).stateMachine().table().image());
        }
    }

    @Test
    void theLeaderSeesAndYieldsALockOnlyToACallParkedForIt() throws Exception {
        GroupMemberLockService leader = group.service(group.awaitServingLeader());
        LockGrant first = leader.tryLock("orders", "y", "a", LEASE, 0);
        assertFalse(leader.hasWaiters("orders", "y"));
        assertEquals(YieldOutcome.KEPT, leader.yieldToWaiters("orders", "y", "a"));
        assertEquals(YieldOutcome.NOT_HELD, leader.yieldToWaiters("orders", "y", "other"));
        CompletableFuture<Handout> waiting = leader.tryLockAsync("orders", "y", "b", LEASE, 8_000);
        Await.until("b parks on the leader", () -> leader.waitingFor(new LockKey("orders", "y")) == 1);
        assertTrue(leader.hasWaiters("orders", "y"), "the leader sees the parked call");

        assertEquals(YieldOutcome.RELEASED, leader.yieldToWaiters("orders", "y", "a"));

        LockGrant second = waiting.get(5, TimeUnit.SECONDS).grant();
        assertEquals("b", second.getOwner());
        assertTrue(second.getFencingToken() > first.getFencingToken());
        assertEquals(YieldOutcome.NOT_HELD, leader.yieldToWaiters("orders", "y", "a"));
    }

    @Test
    void aReleaseAndTheGrantToTheNextWaiterShareOneLogEntry() throws Exception {
        int leaderIndex = group.awaitServingLeader();
        GroupMemberLockService leader = group.service(leaderIndex);
        leader.tryLock("orders", "k", "a", LEASE, 0);
        CompletableFuture<Handout> waiting = leader.tryLockAsync("orders", "k", "b", LEASE, 8_000);
        awaitParked(leader, 1);
        group.awaitSameAppliedIndex();
        long before = group.member(leaderIndex).stateMachine().appliedIndex();
        assertTrue(leader.unlock("orders", "k", "a"));
        LockGrant handedOver = waiting.get(5, TimeUnit.SECONDS).grant();
        group.awaitSameAppliedIndex();
        long after = group.member(leaderIndex).stateMachine().appliedIndex();
        assertEquals(before + 1, after, "one entry for the release and the grant");
        assertEquals(after, handedOver.getFencingToken());
        assertEquals("b", handedOver.getOwner());
        for (int i = 1; i < group.size(); i++) {
            assertEquals(group.member(0).stateMachine().table().image(),
                    group.member(i).stateMachine().table().image());
        }
    }

    @Test
    void theWaiterHandedTheLockIsAnsweredOnTheUnlockingThreadBeforeUnlockReturns() throws Exception {
        GroupMemberLockService leader = group.service(group.awaitServingLeader());
        leader.tryLock("orders", "k", "a", LEASE, 0);
        CompletableFuture<Handout> waiting = leader.tryLockAsync("orders", "k", "b", LEASE, 8_000);
        awaitParked(leader, 1);
        AtomicReference<Thread> answeredOn = new AtomicReference<>();
        CompletableFuture<Handout> observed = waiting.whenComplete((handout, failure) ->
                answeredOn.set(Thread.currentThread()));

        assertTrue(leader.unlock("orders", "k", "a"));

        assertTrue(observed.isDone(), "answered before unlock returned, so the endpoint can write it first");
        assertSame(Thread.currentThread(), answeredOn.get(), "answered on the unlocking thread, not Raft's");
        assertEquals("b", observed.get().grant().getOwner());
    }

    @Test
    void contendingCallersHoldTheLockOneAtATimeWithRisingTokens() throws Exception {
        GroupMemberLockService leader = group.service(group.awaitServingLeader());
        int callers = 6;
        int rounds = 10;
        AtomicReference<String> holder = new AtomicReference<>();
        AtomicLong lastToken = new AtomicLong();
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < callers; c++) {
            String owner = "owner-" + c;
            threads.add(new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    LockGrant grant = leader.tryLock("orders", "hot", owner, LEASE, 30_000);
                    if (grant == null) {
                        violations.add(owner + " was not granted within its wait");
                        continue;
                    }
                    if (!holder.compareAndSet(null, owner)) {
                        violations.add(owner + " granted while " + holder.get() + " held it");
                    }
                    if (grant.getFencingToken() <= lastToken.getAndSet(grant.getFencingToken())) {
                        violations.add("token " + grant.getFencingToken() + " did not rise");
                    }
                    holder.set(null);
                    if (!leader.unlock("orders", "hot", owner)) {
                        violations.add(owner + " could not release its grant");
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(thread.isAlive(), "a caller did not finish");
        }
        assertEquals(List.of(), violations);
        assertTrue(leader.isLockTypeEmpty("orders"));
        assertEquals(0, leader.parkedCalls());
        group.awaitSameAppliedIndex();
        for (int i = 1; i < group.size(); i++) {
            assertEquals(group.member(0).stateMachine().table().image(),
                    group.member(i).stateMachine().table().image());
        }
    }

    private static void awaitParked(GroupMemberLockService leader, int calls) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (leader.parkedCalls() < calls && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(calls, leader.parkedCalls());
    }

    @Test
    void lateNewsOfAnEarlierStepDownDoesNotShutTheLeaderForGood() throws Exception {
        int leaderIndex = group.awaitServingLeader();
        GroupMemberLockService leader = group.service(leaderIndex);

        // Role changes are reported on several threads: news of an earlier term may arrive after this one began.
        leader.notLeader();

        LockGrant granted = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (granted == null && System.nanoTime() - deadline < 0 && group.service(leaderIndex).member().isLeader()) {
            try {
                granted = leader.tryLock("orders", "after-stale-news", "o", LEASE, 0);
            } catch (NotLeaderException shutForNow) {
                Thread.sleep(20);
            }
        }
        assertTrue(leader.member().isLeader(), "the member kept leading (else this test proves nothing)");
        assertNotNull(granted, "the leader serves again within 10 s");
    }

    @Test
    void aJustElectedLeaderHoldsCallsUntilItsTermStartsInsteadOfRefusingThem() throws Exception {
        int leaderIndex = group.awaitServingLeader();
        GroupMemberLockService leader = group.service(leaderIndex);
        LockGrant held = leader.tryLock("orders", "k", "a", LEASE, 0);

        // The gate shut by the step-down of an earlier term, then this member elected: the call is held at the gate
        // until the term-start entry is appended, then granted.
        leader.notLeader();
        leader.leaderReady();
        CompletableFuture<Handout> asked = leader.tryLockAsync("orders", "k", "a", LEASE, 0);

        Handout again = asked.get(LocalGroup.LEADER_WAIT.toSeconds(), TimeUnit.SECONDS);
        assertTrue(leader.member().isLeader(), "the member kept leading (else this test proves nothing)");
        assertEquals(held.getFencingToken(), again.grant().getFencingToken(),
                "the call waited for the term to start and was granted, not refused as \"not leader\"");
    }

    @Test
    void losingTheLeaderFailsParkedCallsAndTheNewLeaderKeepsEveryGrantWithItsToken() throws Exception {
        int oldLeader = group.awaitServingLeader();
        GroupMemberLockService leader = group.service(oldLeader);
        LockGrant held = leader.tryLock("orders", "k", "a", LEASE, 0);
        CompletableFuture<Handout> parked = leader.tryLockAsync("orders", "k", "b", LEASE, 9_000);
        long parkDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (leader.parkedCalls() == 0 && System.nanoTime() < parkDeadline) {
            Thread.sleep(10);
        }
        assertEquals(1, leader.parkedCalls());
        long stoppedAt = System.nanoTime();
        group.stopMember(oldLeader);
        ExecutionException failed = assertThrows(ExecutionException.class, () -> parked.get(2, TimeUnit.SECONDS));
        assertInstanceOf(NotLeaderException.class, failed.getCause());
        assertTrue(System.nanoTime() - stoppedAt < TimeUnit.SECONDS.toNanos(2));

        GroupMemberLockService next = group.service(group.awaitServingLeader());
        LockGrant again = next.tryLock("orders", "k", "a", LEASE, 0);
        assertEquals(held.getFencingToken(), again.getFencingToken());
        assertNull(next.tryLock("orders", "k", "b", LEASE, 0));
        LockGrant other = next.tryLock("orders", "k2", "b", LEASE, 0);
        assertTrue(other.getFencingToken() > held.getFencingToken());
    }

    @Test
    void theWholeGroupRestartedFromItsDirectoriesKeepsItsLocksAndTokensKeepRising() throws Exception {
        GroupMemberLockService leader = group.service(group.awaitServingLeader());
        LockGrant held = leader.tryLock("orders", "k", "a", LEASE, 0);
        leader.openSession("node-1", 30_000);
        LockGrant inSession = leader.tryLockInSession("orders", "s", "b", "node-1", 0);
        group.awaitSameAppliedIndex();
        TableImage before = group.member(0).stateMachine().table().image();
        for (int i = 0; i < group.size(); i++) {
            group.stopMember(i);
        }
        for (int i = 0; i < group.size(); i++) {
            group.startMember(i);
        }
        GroupMemberLockService restarted = group.service(group.awaitServingLeader());
        assertEquals(held.getFencingToken(), restarted.tryLock("orders", "k", "a", LEASE, 0).getFencingToken());
        assertEquals(inSession.getFencingToken(),
                restarted.tryLockInSession("orders", "s", "b", "node-1", 0).getFencingToken());
        assertEquals(before.table().locks().size(),
                restarted.member().stateMachine().table().image().table().locks().size());
        LockGrant fresh = restarted.tryLock("orders", "new", "c", LEASE, 0);
        assertNotNull(fresh);
        assertTrue(fresh.getFencingToken() > inSession.getFencingToken());
    }
}
