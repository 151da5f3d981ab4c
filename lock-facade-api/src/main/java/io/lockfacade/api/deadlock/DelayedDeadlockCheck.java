package io.lockfacade.api.deadlock;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * Checks each wait for a deadlock once it has lasted its check delay, as PostgreSQL's {@code deadlock_timeout}
 * does: most waits end sooner and cost no search. Each check searches from its own wait only. A cycle is reported
 * by the first check that finds it, at the latest the check of its closing wait one delay after the cycle formed,
 * and its victim's wait (the youngest) ends at once, so that no later check reports it again. A cycle broken before
 * a check (a wait timed out, a lock expired) is never reported. Time comes from the caller, so tests set it by
 * hand.
 *
 * @param <T> how the owner names a thread
 * @param <L> how the owner names a lock
 */
public final class DelayedDeadlockCheck<T, L> {

    private final WaitForGraph<T, L> graph;
    private final WaitView<T, L> view;
    private final PriorityQueue<Due<T, L>> checks = new PriorityQueue<>(
            (first, second) -> Long.compare(first.atNanos() - second.atNanos(), 0)); // wraps as nanoTime does

    /** @param graph the graph the owner keeps up to date and searches; the owner calls both under one lock */
    public DelayedDeadlockCheck(WaitForGraph<T, L> graph) {
        this(graph, graph);
    }

    /**
     * @param graph the graph the owner keeps up to date; the owner calls it and this check under one lock
     * @param view  what the checks search and confirm: the graph, or the graph seen through what the owner knows
     *              better (the master counts a claimed hold only while its grant's fencing token is current)
     */
    public DelayedDeadlockCheck(WaitForGraph<T, L> graph, WaitView<T, L> view) {
        this.graph = graph;
        this.view = view;
    }

    /**
     * Records the wait in the graph and schedules its check.
     *
     * @param delayNanos how long the wait lasts before it is checked ({@code >= 0})
     */
    public Wait<L> waitBegan(T thread, L lock, long nowNanos, long delayNanos) {
        if (delayNanos < 0) {
            throw new IllegalArgumentException("delayNanos must not be negative, was " + delayNanos);
        }
        Wait<L> wait = graph.waitBegan(thread, lock, nowNanos);
        checks.add(new Due<>(thread, wait, nowNanos + delayNanos));
        return wait;
    }

    /**
     * Runs the checks that are due. A reported victim's wait is ended in the graph: the owner fails its call (it
     * may be another thread than the one whose check found the cycle).
     *
     * @return the cycles found, each once, with the youngest wait as victim
     */
    public List<WaitCycle<T, L>> due(long nowNanos) {
        List<WaitCycle<T, L>> found = new ArrayList<>(0);
        while (!checks.isEmpty() && checks.peek().atNanos() - nowNanos <= 0) {
            Due<T, L> check = checks.poll();
            if (!check.waiting().equals(graph.waitOf(check.thread()))) {
                continue; // that wait ended; a later wait of the thread has its own check
            }
            Optional<WaitCycle<T, L>> cycle = CycleSearch.through(view, check.thread());
            if (cycle.isPresent() && CycleSearch.isStillStanding(view, cycle.get())) {
                graph.waitEnded(cycle.get().victim());
                found.add(cycle.get());
            }
        }
        return found;
    }

    /** @return when the next check is due, or empty if none is pending */
    public Optional<Long> nextDueNanos() {
        return checks.isEmpty() ? Optional.empty() : Optional.of(checks.peek().atNanos());
    }

    private record Due<T, L>(T thread, Wait<L> waiting, long atNanos) {
    }
}
