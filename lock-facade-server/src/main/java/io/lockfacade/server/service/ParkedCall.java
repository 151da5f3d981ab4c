package io.lockfacade.server.service;

import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;

import java.util.concurrent.CompletableFuture;

/**
 * A {@code tryLock} call parked until its lock is free, as a master's service knows it: the future the transport
 * answers, and the id of the {@link io.lockfacade.server.table.Waiter} its lock's queue knows the call by. The single
 * master and a master group's leader both keep their parked calls as these.
 *
 * @param waiterId      the id of the call's {@link io.lockfacade.server.table.Waiter}
 * @param lockKey       the lock it waits for
 * @param parkedAtNanos when it started waiting, monotonic time
 * @param answer        completes with the grant, with {@code null} when the call gives up or is refused, or is
 *                      cancelled by the transport when the client went away
 */
public record ParkedCall(long waiterId, LockKey lockKey, long parkedAtNanos, CompletableFuture<Handout> answer) {
}
