package io.lockfacade.api.deadlock;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the cycle of waits through one waiting thread, and confirms that a cycle read from racing threads is real.
 *
 * <p>The search reads only what can be reached from the waiter: with mutexes every thread waits for one lock that
 * one thread holds, so the work is the length of the waiter's path, whatever the number of other waits. A thread
 * listed among the holders of the very lock it waits for (a re-entry in flight) is not an edge.
 */
public final class CycleSearch {

    private CycleSearch() {
    }

    /**
     * @return the cycle of waits that leads from {@code start} back to it, or empty if {@code start} does not wait
     *         or no such cycle exists in the view as read
     */
    public static <T, L> Optional<WaitCycle<T, L>> through(WaitView<T, L> view, T start) {
        Wait<L> startWait = view.waitOf(start);
        if (startWait == null) {
            return Optional.empty();
        }
        Map<T, WaitEdge<T, L>> reachedBy = new HashMap<>();
        Map<T, Wait<L>> waitsRead = new HashMap<>();
        Set<T> seen = new HashSet<>(Set.of(start));
        Deque<T> toVisit = new ArrayDeque<>(List.of(start));
        waitsRead.put(start, startWait);
        while (!toVisit.isEmpty()) {
            T waiter = toVisit.pop();
            Wait<L> wait = waitsRead.get(waiter);
            for (T holder : view.holdersOf(wait.lock())) {
                if (holder.equals(waiter)) {
                    continue;
                }
                WaitEdge<T, L> edge = new WaitEdge<>(waiter, wait, holder);
                if (holder.equals(start)) {
                    return Optional.of(cycleClosedBy(edge, reachedBy, start));
                }
                if (!seen.add(holder)) {
                    continue;
                }
                Wait<L> next = view.waitOf(holder);
                if (next != null) {
                    reachedBy.put(holder, edge);
                    waitsRead.put(holder, next);
                    toVisit.push(holder);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Confirms a cycle read from threads that kept running while it was read. It reads every edge's holder again,
     * then every waiter's wait again: if each holder still holds its lock and each waiter is still in the very wait
     * it was in (same sequence), the cycle is real. Proof: every waiter waited without a break from its first read
     * until its last, so over the time between the end of the search and the start of the last step no thread of
     * the cycle could take or release a lock other than the one it waits for; each holder was seen holding its lock
     * within that time, so it held it throughout, and at the start of the last step every thread of the cycle
     * waited for a lock another thread of the cycle held. Waiting threads release nothing, so it stays a deadlock
     * until a wait times out.
     *
     * @return whether the cycle is confirmed
     */
    public static <T, L> boolean isStillStanding(WaitView<T, L> view, WaitCycle<T, L> cycle) {
        for (WaitEdge<T, L> edge : cycle.edges()) {
            if (!view.holdersOf(edge.waiting().lock()).contains(edge.holder())) {
                return false;
            }
        }
        for (WaitEdge<T, L> edge : cycle.edges()) {
            if (!edge.waiting().equals(view.waitOf(edge.waiter()))) {
                return false;
            }
        }
        return true;
    }

    private static <T, L> WaitCycle<T, L> cycleClosedBy(WaitEdge<T, L> closing, Map<T, WaitEdge<T, L>> reachedBy,
                                                        T start) {
        List<WaitEdge<T, L>> edges = new ArrayList<>(List.of(closing));
        for (T waiter = closing.waiter(); !waiter.equals(start); ) {
            WaitEdge<T, L> edge = reachedBy.get(waiter);
            edges.add(edge);
            waiter = edge.waiter();
        }
        Collections.reverse(edges);
        return new WaitCycle<>(edges);
    }
}
