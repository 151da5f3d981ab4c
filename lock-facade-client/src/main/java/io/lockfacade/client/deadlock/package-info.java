/**
 * Deadlock detection inside one JVM: the waits of its threads for its locks, checked once a wait has lasted the
 * check delay, and the {@link io.lockfacade.api.DeadlockException} for the victim. Used by {@code MemoryLock} and by
 * the local arbitration of {@code DistributeLock}; the graph itself is {@link io.lockfacade.api.deadlock}.
 */
package io.lockfacade.client.deadlock;
