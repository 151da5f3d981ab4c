package io.lockfacade.bench.node;

/**
 * A master's request threads at one moment.
 *
 * @param heldByWaiters threads waiting inside the lock service: a waiting call that holds its thread
 * @param alive         request threads alive in the pool
 */
public record RequestThreads(int heldByWaiters, int alive) {
}
