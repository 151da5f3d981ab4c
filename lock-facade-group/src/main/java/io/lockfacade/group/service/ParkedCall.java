package io.lockfacade.group.service;

import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;

import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;
import io.lockfacade.group.state.Command;

/**
 * One acquisition parked on the leader while its lock is busy: how to ask for the lock again, and the caller's
 * future. No thread waits for it.
 *
 * @param key     the lock
 * @param request builds the acquisition command for the leader's time when it is asked again
 * @param caller  completes with the handout, {@code null} when the wait is over, or a failure
 */
record ParkedCall(LockKey key, LongFunction<Command> request, CompletableFuture<Handout> caller) {
}
