package io.lockfacade.api.deadlock;

import io.lockfacade.api.DeadlockException;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A cycle of waits: each edge's holder is the next edge's waiter, and the last edge's holder is the first edge's
 * waiter. Its victim is the youngest wait: the one that closed the cycle, since a cycle is made only of waiting
 * threads and every holder took its lock before it began to wait.
 *
 * @param edges the waits, in the order of the cycle; at least two
 * @param <T>   how the source names a thread
 * @param <L>   how the source names a lock
 */
public record WaitCycle<T, L>(List<WaitEdge<T, L>> edges) {

    /** @throws IllegalArgumentException if fewer than two edges, or they do not close */
    public WaitCycle {
        edges = List.copyOf(edges);
        if (edges.size() < 2) {
            throw new IllegalArgumentException("a cycle of waits has at least two threads, was " + edges);
        }
        for (int i = 0; i < edges.size(); i++) {
            if (!edges.get(i).holder().equals(edges.get((i + 1) % edges.size()).waiter())) {
                throw new IllegalArgumentException("the waits do not form a cycle: " + edges);
            }
        }
    }

    /** @return the edge of the youngest wait: its waiter is the one to fail */
    public WaitEdge<T, L> victimEdge() {
        return edges.stream().max(Comparator.comparingLong(edge -> edge.waiting().sequence())).orElseThrow();
    }

    /** @return the waiter of the youngest wait */
    public T victim() {
        return victimEdge().waiter();
    }

    /**
     * @return {@code deadlock: A waits for L1 held by B, B waits for L2 held by A; victim B (the youngest wait)},
     *         the message of {@link DeadlockException}
     */
    public String describe(Function<? super T, String> threadName, Function<? super L, String> lockName) {
        return DeadlockException.PREFIX + edges.stream()
                .map(edge -> threadName.apply(edge.waiter()) + " waits for " + lockName.apply(edge.waiting().lock())
                        + " held by " + threadName.apply(edge.holder()))
                .collect(Collectors.joining(", "))
                + "; victim " + threadName.apply(victim()) + " (the youngest wait)";
    }

    /** @return the exception for the victim, with {@link #describe} as its message */
    public DeadlockException toException(Function<? super T, String> threadName, Function<? super L, String> lockName) {
        return new DeadlockException(describe(threadName, lockName));
    }
}
