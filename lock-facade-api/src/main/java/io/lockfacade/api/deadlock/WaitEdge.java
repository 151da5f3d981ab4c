package io.lockfacade.api.deadlock;

/**
 * One edge of the wait-for graph: {@code waiter}, in the wait {@code waiting}, waits for a lock that {@code holder} holds.
 *
 * @param <T> how the source names a thread
 * @param <L> how the source names a lock
 */
public record WaitEdge<T, L>(T waiter, Wait<L> waiting, T holder) {
}
