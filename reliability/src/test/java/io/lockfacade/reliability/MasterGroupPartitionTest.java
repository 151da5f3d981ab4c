package io.lockfacade.reliability;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.reliability.group.GrantRecord;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.reliability.group.GroupLoad;
import io.lockfacade.reliability.group.GroupUnavailableException;
import io.lockfacade.testkit.group.GroupView;
import io.lockfacade.reliability.group.HeldLocks;
import io.lockfacade.reliability.group.LeaderFollowingCaller;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.reliability.group.NotLeaderAnswer;
import io.lockfacade.reliability.network.NamespaceNetwork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.reliability.testing.GroupFaultChecks.answerOf;
import static io.lockfacade.reliability.testing.GroupFaultChecks.assertLoadClean;
import static io.lockfacade.reliability.testing.GroupFaultChecks.awaitGrantAfter;
import static io.lockfacade.reliability.testing.GroupFaultChecks.awaitView;
import static io.lockfacade.reliability.testing.GroupFaultChecks.describe;
import static io.lockfacade.reliability.testing.GroupFaultChecks.direct;
import static io.lockfacade.reliability.testing.GroupFaultChecks.pause;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real network partition of a master group's leader (issue 15): three member JVMs, each in a network namespace
 * of its own ({@link NamespaceNetwork}), the test JVM reaching all three. Under load, the links between the leader
 * and both followers go silent while clients still reach the old leader (the dangerous case: a leader that does not
 * know yet that it lost its majority). Checked: the old leader never grants after the cut and answers
 * {@code not leader} once it has stepped down; the majority elects a leader that grants; 0 overlaps, 0 stale writes
 * accepted, 0 token regressions; every lock held before the cut keeps its owner and token; after the heal the old
 * leader follows the new one, and with the third member killed every commit needs it, so its log agrees.
 *
 * <p>Opt-in like the other multi-JVM group tests ({@code -Dlockfacade.group.chaos=true}). Needs root and iproute2:
 * without them it is reported as not run (an assumption failure naming the reason), never passed. Prints one
 * {@code RELIABILITY group leader-partition} line.
 */
@EnabledIfSystemProperty(named = "lockfacade.group.chaos", matches = "true", disabledReason =
        "multi-JVM group faults, minutes long: run with -Dlockfacade.group.chaos=true (docs/reliability.md)")
class MasterGroupPartitionTest {

    private static final Path LOGS = Path.of(System.getProperty("reliability.logs", "target/reliability-logs"))
            .resolve("group-partition");
    private static final String ROLE_LEADER = "LEADER";

    @TempDir
    static Path data;

    private static NamespaceNetwork network;
    private static MasterGroup group;
    private GroupLoad load;
    private HeldLocks held;

    /** An answer and when it arrived. */
    private record Timed(Object answer, long atNanos) {
    }

    @BeforeAll
    static void startGroupInNamespaces() {
        try {
            network = NamespaceNetwork.create(MasterGroup.memberIds(GroupChaosLimits.MEMBERS));
        } catch (NamespaceNetwork.Unavailable e) {
            System.out.println("RELIABILITY group leader-partition: NOT RUN: " + e.getMessage());
            Assumptions.abort("no network namespaces here, so no real partition can be made: " + e.getMessage());
        }
        try {
            group = MasterGroup.start(GroupChaosLimits.MEMBERS, data, LOGS, GroupChaosLimits.ADMIN_PASSWORD,
                    GroupChaosLimits.MEMBER_JVM_OPTIONS, network, GroupChaosLimits.tlsIfAsked(data.resolve("tls"),
                            network));
        } catch (RuntimeException e) {
            network.close();
            network = null;
            throw e;
        }
    }

    @AfterAll
    static void stopGroupAndNetwork() {
        try {
            if (group != null) {
                group.close();
            }
        } finally {
            if (network != null) {
                network.close();
            }
        }
    }

    @AfterEach
    void stopLoad() {
        if (load != null) {
            load.close();
        }
        if (held != null) {
            held.close();
        }
    }

    @Test
    void aLeaderCutOffFromItsPeersNeverGrantsAgainWhileTheMajorityGoesOnWithEveryLock() throws Exception {
        LeaderFollowingCaller admin = LeaderFollowingCaller.direct(group);
        group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
        load = GroupLoad.ofCallers(worker -> LeaderFollowingCaller.direct(group));
        held = HeldLocks.take(admin, "partition");
        pause(GroupChaosLimits.LOAD_BETWEEN_FAULTS);
        String old = group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
        List<String> majority = group.ids().stream().filter(id -> !id.equals(old)).toList();
        MemoryLockService toOld = direct(group, old);

        long cutAt = System.nanoTime();
        network.partition(old, majority);
        CompletableFuture<Long> steppedDownAt = CompletableFuture.supplyAsync(() -> {
            awaitView(group, old, view -> !ROLE_LEADER.equals(view.roles().get(old)));
            return System.nanoTime();
        });
        // Sent to the cut-off leader, which can commit nothing any more: it must never be granted.
        CompletableFuture<Timed> staleCall = CompletableFuture.supplyAsync(() -> new Timed(answerOf(() ->
                toOld.tryLock("probe", "x", "stale-caller", GroupChaosLimits.LOAD_LEASE.toMillis(), 0)),
                System.nanoTime()));
        String successor = group.awaitLeader(majority, GroupChaosLimits.LEADER_TIMEOUT);
        GrantRecord first = awaitGrantAfter(group, load, cutAt, old);
        long stepDownMillis = TimeUnit.NANOSECONDS.toMillis(steppedDownAt.get(
                GroupChaosLimits.STEP_DOWN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) - cutAt);
        LockGrant fresh = admin.call("fresh tryLock", service -> service.tryLock("probe", "x", "fresh-caller",
                GroupChaosLimits.KEEPER_LEASE.toMillis(), 0)).value();
        assertNotNull(fresh, "the majority's leader did not grant a free key");
        Timed stale = staleCall.get(GroupLoad.hangBoundMillis(), TimeUnit.MILLISECONDS);
        long askedWhileCut = System.nanoTime();
        Object whileCut = answerOf(() -> toOld.tryLock("probe", "y", "while-cut",
                GroupChaosLimits.LOAD_LEASE.toMillis(), 0));
        long whileCutMillis = millisSince(askedWhileCut);
        assertEquals(List.of(), held.check(admin), "locks lost when " + old + " was cut off");
        pause(GroupChaosLimits.PARTITION.minusNanos(System.nanoTime() - cutAt));
        Optional<GroupView> isolated = group.view(old);
        long cutMillis = millisSince(cutAt);

        assertTrue(!(stale.answer() instanceof LockGrant), "the cut-off leader granted: " + stale.answer());
        assertTrue(stale.answer() instanceof NotLeaderAnswer, "the cut-off leader answered " + stale.answer()
                + " instead of not leader");
        assertTrue(whileCut instanceof NotLeaderAnswer, "the stepped-down old leader answered " + whileCut);
        assertTrue(isolated.isPresent() && !isolated.get().selfIsLeader(), "the old leader, cut off for "
                + cutMillis + " ms, still says it leads: " + isolated);
        List<GrantRecord> oldGrants = load.grantsBy(old, cutAt);
        oldGrants.forEach(grant -> assertTrue(grant.token() < first.token(), "the cut-off leader answered a grant "
                + grant + " at or above the new leader's first token " + first.token()));

        long healAt = System.nanoTime();
        network.heal();
        GroupView rejoined = awaitView(group, old, GroupChaosLimits.REJOIN_TIMEOUT,
                view -> view.leader().isPresent() && !view.selfIsLeader()
                        && ROLE_LEADER.equals(view.roles().get(view.leader().get())));
        long rejoinMillis = millisSince(healAt);
        String leader = group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);
        GroupView agreed = group.view(leader).orElseThrow();

        // From now on every commit needs the old leader: its log must agree with the leader's.
        String third = group.ids().stream().filter(id -> !id.equals(old) && !id.equals(leader)).findFirst()
                .orElseThrow();
        group.kill(third);
        long killedAt = System.nanoTime();
        // A slow commit here has been seen once (10.9 s): dump both members' threads for the diagnosis.
        CompletableFuture<List<Path>> slowCommitDumps = CompletableFuture.supplyAsync(
                () -> group.dumpThreads(List.of(old, leader)), CompletableFuture.delayedExecutor(
                        GroupChaosLimits.SLOW_COMMIT.toMillis(), TimeUnit.MILLISECONDS));
        LockGrant withOld = grantWithin(admin, GroupChaosLimits.REJOIN_TIMEOUT);
        long commitWithOldMillis = millisSince(killedAt);
        slowCommitDumps.cancel(false);
        assertTrue(withOld != null && withOld.getFencingToken() > first.token(), "no grant with the old leader "
                + "carrying the majority: " + withOld);
        assertEquals(List.of(), held.check(admin), "locks lost after the heal");
        LockGrant freshAgain = admin.call("fresh again", service -> service.tryLock("probe", "x", "fresh-caller",
                GroupChaosLimits.KEEPER_LEASE.toMillis(), 0)).value();
        assertEquals(fresh.getFencingToken(), freshAgain == null ? -1 : freshAgain.getFencingToken(),
                "the key the majority's leader granted while " + old + " was cut off changed hands");
        load.close();
        assertLoadClean(load, "leader-partition", "partition-ms=" + cutMillis + " failover-ms="
                + TimeUnit.NANOSECONDS.toMillis(first.atNanos() - cutAt)
                + " (cut -> first grant by the new leader " + successor + ") step-down-ms=" + stepDownMillis
                + " (cut -> old leader " + old + " no longer says LEADER) stale-call=" + describe(stale.answer())
                + " after " + TimeUnit.NANOSECONDS.toMillis(stale.atNanos() - cutAt) + "ms while-cut="
                + describe(whileCut) + " in " + whileCutMillis + "ms old-leader-grants-after-cut=" + oldGrants.size()
                + " (all below token " + first.token() + ") rejoin-ms=" + rejoinMillis + " (heal -> follows "
                + rejoined.leader().orElse("?") + ", term " + rejoined.term() + ") leader-after-heal=" + leader
                + " term " + agreed.term() + " kill " + third + " -> commit-with-old-leader-ms=" + commitWithOldMillis
                + " held="
                + held.tokens().size() + (commitWithOldMillis > GroupChaosLimits.SLOW_COMMIT.toMillis()
                ? " thread-dumps=" + slowCommitDumps.getNow(List.of()) : "") + " | " + network.describe());
    }

    /**
     * Asks for a free key until a leader grants it: right after a heal the group may need a new election (the
     * healed member's connections come back at TCP's retransmission pace), so one call's deadline is not enough.
     *
     * @return the grant, or {@code null} if a leader answered that the free key is busy
     * @throws GroupUnavailableException if no leader granted within {@code timeout}
     */
    private static LockGrant grantWithin(LeaderFollowingCaller caller, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                return caller.call("tryLock with the old leader", service -> service.tryLock("probe", "after-heal",
                        "newcomer", GroupChaosLimits.LOAD_LEASE.toMillis(), 0)).value();
            } catch (GroupUnavailableException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
