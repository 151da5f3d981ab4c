/**
 * The failover benchmark of issue 15: a Lock Facade master group against Hazelcast 5.4 CP {@code FencedLock}, three
 * members in three JVMs each, on loopback, in one run.
 *
 * <p>{@link io.lockfacade.bench.ha.HaBenchMain} crashes (SIGKILL) and hangs (SIGSTOP) the leader of each under load
 * and measures fault to first grant by the new leader, checks that a lock held before the fault is still held after,
 * and measures one-thread lock+unlock latency (S1) and one-key contention (S3) against the single master. The Lock
 * Facade side is driven only through the group's contract ({@code --group} flags, {@code GET /admin/api/group},
 * the Hessian endpoint and its {@code not leader} fault), so any webapp jar that honours it can be measured.
 *
 * <p>{@link io.lockfacade.bench.ha.SemaphoreBenchMain} (issue 29) puts a semaphore on the same group beside a
 * Hazelcast CP {@code ISemaphore}, both under the same client load, and counts over-grants of both.
 */
package io.lockfacade.bench.ha;
