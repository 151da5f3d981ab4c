package io.lockfacade.group.service;

import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.service.ParkedCall;
import io.lockfacade.server.table.Handout;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The leader's deadlock detection: the calls parked on it that name what their thread holds, watched by a
 * {@link DeadlockDetector} over the replicated table's grants. A victim's call is failed by completing its answer
 * with the {@code DeadlockException}, which takes it out of its line as any other answer does (a grant racing with
 * it goes back through {@code releaseUndelivered}). Parked calls are not replicated: a new leader starts with an
 * empty graph, and the callers it fails with {@code not leader} ask again, each again naming what it holds.
 */
final class GroupDeadlocks {

    private final Map<Long, CompletableFuture<Handout>> watched = new ConcurrentHashMap<>();
    private final DeadlockDetector detector;

    /**
     * @param table the replicated table, for the tokens of live grants
     * @param timer the leader's timer thread, which runs the checks
     */
    GroupDeadlocks(ReplicatedLockTable table, ScheduledExecutorService timer) {
        this.detector = new DeadlockDetector(table::tokenOf, System::nanoTime, System::currentTimeMillis, timer,
                this::fail);
    }

    /** Watches a call about to be asked for (before its first proposal), checked once it waited its delay. */
    void watch(ParkedCall call, String owner, HoldingCall asked) {
        watched.put(call.waiterId(), call.answer());
        call.answer().whenComplete((handout, failure) -> watched.remove(call.waiterId()));
        detector.watch(call.waiterId(), owner, call.lockKey(), asked.held(), asked.checkDelayMillis(), call.answer());
    }

    /** @return the detector: its log of deadlocks found and its live waits */
    DeadlockDetector detector() {
        return detector;
    }

    private boolean fail(long waiterId, RuntimeException failure) {
        CompletableFuture<Handout> answer = watched.get(waiterId);
        return answer != null && answer.completeExceptionally(failure);
    }
}
