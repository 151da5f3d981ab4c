package io.lockfacade.server.deadlock;

import io.lockfacade.server.table.HolderView;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

/**
 * The edges of the master's wait-for graph out of one wait: the threads without whose release the wait cannot end.
 * A thread counts as holding a grant only while it claims the grant's fencing token in a pending call, so every
 * edge goes from a waiting thread to a waiting thread, and each holds what it claims until its own call ends.
 *
 * <ul>
 *   <li>A mutex waits for its holder.</li>
 *   <li>A read lock waits for the writer that holds it (readers share it; a reader queued behind a waiting
 *       writer waits for no holder, so that wait has no edge).</li>
 *   <li>A write lock waits for the writer and for every reader: it needs all of them gone.</li>
 *   <li>Permits wait for a holder only when that holder is indispensable: the capacity, less the permits that
 *       holder and the waiter itself hold, is below the permits asked for. No release by anyone else can then
 *       free enough, so the wait cannot end while that holder keeps its permits; and while both wait, neither's
 *       permits change, so the rule stays true for as long as the cycle stands. A wait that some holder outside
 *       the cycle could end, or that needs any two of several holders, has no edge: such a deadlock goes
 *       unreported rather than risk a false one.</li>
 * </ul>
 */
final class Blockers {

    private Blockers() {
    }

    /**
     * @param claimants the threads whose pending calls claim a token, empty if none
     * @return the threads the wait waits for, as far as their pending calls claim the grants; never the waiter
     */
    static Collection<String> of(WaitTarget target, GrantLookup grants, LongFunction<List<String>> claimants) {
        Set<String> threads = new LinkedHashSet<>(2);
        switch (target.kind()) {
            case LOCK -> {
                OptionalLong token = grants.tokenOf(target.lockKey());
                if (token.isPresent()) {
                    threads.addAll(claimants.apply(token.getAsLong()));
                }
            }
            case READ, WRITE -> grants.readWrite(target.lockKey()).ifPresent(view -> {
                for (HolderView holder : conflicting(view, target.kind())) {
                    threads.addAll(claimants.apply(holder.fencingToken()));
                }
            });
            case PERMITS -> grants.semaphore(target.lockKey())
                    .ifPresent(view -> threads.addAll(indispensable(view, target, claimants)));
        }
        threads.remove(target.waiter());
        return threads;
    }

    /** @return who holds the primitive now, whether or not they wait: for the admin page; {@code null} if nobody */
    static String holderNames(WaitTarget target, GrantLookup grants) {
        List<HolderView> holders = switch (target.kind()) {
            case LOCK -> null;
            case READ, WRITE -> grants.readWrite(target.lockKey()).map(view -> conflicting(view, target.kind()))
                    .orElse(List.of());
            case PERMITS -> grants.semaphore(target.lockKey()).map(SemaphoreView::holders).orElse(List.of());
        };
        if (holders == null) {
            return grants.holderOf(target.lockKey());
        }
        return holders.isEmpty() ? null
                : holders.stream().map(HolderView::owner).distinct().collect(Collectors.joining(", "));
    }

    private static List<HolderView> conflicting(ReadWriteView view, WaitTarget.Kind side) {
        List<HolderView> holders = new ArrayList<>(1 + (side == WaitTarget.Kind.WRITE ? view.readers().size() : 0));
        if (view.writer() != null) {
            holders.add(view.writer());
        }
        if (side == WaitTarget.Kind.WRITE) {
            holders.addAll(view.readers());
        }
        return holders;
    }

    private static List<String> indispensable(SemaphoreView view, WaitTarget target,
                                              LongFunction<List<String>> claimants) {
        Map<String, Integer> permitsOf = new HashMap<>();
        for (HolderView holder : view.holders()) {
            for (String thread : claimants.apply(holder.fencingToken())) {
                permitsOf.merge(thread, holder.permits(), Integer::sum);
            }
        }
        long waiterHolds = permitsOf.getOrDefault(target.waiter(), 0);
        List<String> needed = new ArrayList<>(1);
        permitsOf.forEach((thread, permits) -> {
            if ((long) view.capacity() - permits - waiterHolds < target.permits()) {
                needed.add(thread);
            }
        });
        return needed;
    }
}
