package io.lockfacade.reliability.testing;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.reliability.group.GrantRecord;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.reliability.group.GroupLoad;
import io.lockfacade.testkit.group.GroupView;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.reliability.group.NotLeaderAnswer;
import io.lockfacade.reliability.resource.FencedStore;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The waits and checks the multi-JVM group fault tests share: the first grant of a new leader, a member's view, a
 * member called directly, and the common invariants of the fenced resource after a fault.
 */
public final class GroupFaultChecks {

    private static final Duration GRANT_POLL = Duration.ofMillis(20);
    private static final Duration VIEW_POLL = Duration.ofMillis(50);

    private GroupFaultChecks() {
    }

    /**
     * @return the first grant the load was answered after {@code afterNanos} by a member other than {@code except}
     * @throws AssertionError if none came within {@link GroupChaosLimits#FAILOVER_TIMEOUT} (thread dumps written)
     */
    public static GrantRecord awaitGrantAfter(MasterGroup group, GroupLoad load, long afterNanos, String except) {
        long deadline = System.nanoTime() + GroupChaosLimits.FAILOVER_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<GrantRecord> first = load.firstGrantAfter(afterNanos, except);
            if (first.isPresent()) {
                return first.get();
            }
            pause(GRANT_POLL);
        }
        return fail("no grant within " + GroupChaosLimits.FAILOVER_TIMEOUT + "; load errors " + load.errors()
                + "; thread dumps " + group.dumpThreads(group.ids()));
    }

    /**
     * @return member {@code id}'s first view that satisfies {@code wanted}
     * @throws AssertionError if none within {@link GroupChaosLimits#STEP_DOWN_TIMEOUT} (thread dumps written)
     */
    public static GroupView awaitView(MasterGroup group, String id, Predicate<GroupView> wanted) {
        return awaitView(group, id, GroupChaosLimits.STEP_DOWN_TIMEOUT, wanted);
    }

    /**
     * @return member {@code id}'s first view that satisfies {@code wanted}
     * @throws AssertionError if none within {@code timeout} (thread dumps written)
     */
    public static GroupView awaitView(MasterGroup group, String id, Duration timeout, Predicate<GroupView> wanted) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<GroupView> last = Optional.empty();
        while (System.nanoTime() < deadline) {
            last = group.view(id);
            if (last.isPresent() && wanted.test(last.get())) {
                return last.get();
            }
            pause(VIEW_POLL);
        }
        return fail(id + " never showed the expected view within " + timeout
                + "; last " + last + "; thread dumps " + group.dumpThreads(group.ids()));
    }

    /** @return member {@code id}'s Hessian endpoint, no leader following, a read timeout longer than a freeze */
    public static MemoryLockService direct(MasterGroup group, String id) {
        return MemoryLockServiceProxies.create(group.endpoint(id), group.clientSettings(new ClientTransportSettings(
                GroupChaosLimits.CONNECT_TIMEOUT, GroupChaosLimits.FREEZE.plus(GroupChaosLimits.READ_TIMEOUT), null)));
    }

    /**
     * Prints the scenario's {@code RELIABILITY group} line, then checks the common invariants: no unexpected
     * failure, 0 overlaps, 0 stale writes accepted, 0 token regressions, some grants, no call beyond its bound.
     */
    public static void assertLoadClean(GroupLoad load, String scenario, String figures) {
        FencedStore.Verdict verdict = load.verdict();
        System.out.println("RELIABILITY group " + scenario + ": " + figures + " | calls=" + load.calls()
                + " grants=" + load.grantCount() + " no-leader-calls=" + load.unavailableCalls() + " | overlaps="
                + verdict.overlaps() + " stale-accepted=" + verdict.fencingViolations() + " token-regressions="
                + verdict.refusedAtEntry() + " | max-overrun " + load.overruns() + " errors=" + load.errors().size());
        assertEquals(List.of(), load.errors(), "unexpected failures");
        assertEquals(0, verdict.overlaps(), "overlaps: " + verdict.overlapExamples());
        assertEquals(0, verdict.fencingViolations(), "stale writes accepted");
        assertEquals(0, verdict.refusedAtEntry(), "grants with a token below one already used on their key");
        assertTrue(load.grantCount() > 0, "the load was never granted anything");
        assertTrue(load.withinBounds(), "a call overran its bound: " + load.overruns());
    }

    /** @return what a call answered: its value, its {@code not leader} answer, or the failure itself */
    public static Object answerOf(Supplier<Object> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            Optional<NotLeaderAnswer> notLeader = NotLeaderAnswer.of(e);
            return notLeader.isPresent() ? notLeader.get() : e;
        }
    }

    /** @return an answer of {@link #answerOf} in a few words */
    public static String describe(Object answer) {
        return answer instanceof NotLeaderAnswer ? "not-leader"
                : answer instanceof RuntimeException e ? e.getClass().getSimpleName() : String.valueOf(answer);
    }

    /** Sleeps {@code duration}; nothing if it is zero or negative. */
    public static void pause(Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            return;
        }
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
