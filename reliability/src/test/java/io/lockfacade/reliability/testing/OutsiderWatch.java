package io.lockfacade.reliability.testing;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.group.raft.RaftTuning;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.reliability.group.GroupOutsider;
import io.lockfacade.testkit.group.GroupView;
import io.lockfacade.reliability.group.LoggedViews;
import io.lockfacade.testkit.group.MasterGroup;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lets a {@link GroupOutsider} try to join a group of member processes for longer than the longest merge interval
 * and checks, all the while and after, that no member ever logged a view with anyone outside {@code --group}, that
 * the outsider's own view stays itself alone, and that the group keeps its leader and term and serves a lock.
 */
public final class OutsiderWatch {

    /** Longer than the longest merge interval: an outsider that could join would have been merged by then. */
    public static final Duration WATCH = RaftTuning.MERGE_MAX.plusSeconds(1);

    private static final Duration POLL = Duration.ofMillis(100);

    private OutsiderWatch() {
    }

    /**
     * @param group the members, serving with an agreed leader
     * @param dir   the outsider's log folder
     * @param tls   the outsider's stores, or {@code null} for a plain channel
     */
    public static void assertNeverJoins(MasterGroup group, Path dir, TlsStores tls) throws Exception {
        GroupView before = agreedView(group);
        try (GroupOutsider outsider = GroupOutsider.start(group, dir, tls)) {
            long until = System.nanoTime() + WATCH.toNanos();
            while (System.nanoTime() < until) {
                assertEquals(List.of(GroupOutsider.ID), outsider.viewNames(), "the outsider's own view");
                assertLoggedViewsHoldOnlyMembers(group);
                Thread.sleep(POLL.toMillis());
            }
        }
        assertLoggedViewsHoldOnlyMembers(group);
        GroupView after = agreedView(group);
        assertEquals(before.term(), after.term(), "the group's term");
        assertEquals(before.leader(), after.leader(), "the group's leader");
        assertServes(group);
    }

    /**
     * Fails if any member process logged a view with someone not in {@code --group}, or logged no view at all (its
     * log would not be where {@link LoggedViews} reads, and the check would prove nothing).
     */
    public static void assertLoggedViewsHoldOnlyMembers(MasterGroup group) {
        for (String id : group.ids()) {
            List<List<String>> views = LoggedViews.of(group.jvm(id));
            assertFalse(views.isEmpty(), () -> id + " logged no view: " + group.jvm(id).tail());
            for (List<String> view : views) {
                assertTrue(group.ids().containsAll(view), () -> id + " logged the view " + view);
            }
        }
    }

    /** Takes and releases a lock through a client of every member, as an application would. */
    public static void assertServes(MasterGroup group) {
        String members = group.ids().stream().map(group::endpoint).map(Object::toString)
                .collect(Collectors.joining(","));
        MemoryLockService locks = MemoryLockServiceProxies.create(members, group.clientSettings(
                new ClientTransportSettings(GroupChaosLimits.CONNECT_TIMEOUT, GroupChaosLimits.READ_TIMEOUT, null)));
        assertNotNull(locks.tryLock("outsider", "served", "owner", 5_000, 0), "a grant after the outsider left");
        assertTrue(locks.unlock("outsider", "served", "owner"));
    }

    private static GroupView agreedView(MasterGroup group) {
        String leader = group.awaitLeader(GroupChaosLimits.SETTLE_TIMEOUT);
        return group.view(leader).orElseThrow(() -> new AssertionError("the leader " + leader + " did not answer"));
    }
}
