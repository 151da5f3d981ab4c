package io.lockfacade.reliability.group;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.reliability.resource.FencedStore;
import io.lockfacade.testkit.group.GroupChaosLimits;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A load worker that is a client node of its own: a {@link DistributeLock} given the group as a comma-separated
 * master list, as applications configure it. One worker per node, so that no grant is handed between threads.
 */
public final class DistributeLockLoadClient implements LoadClient {

    private static final String MEMBER_UNKNOWN = "client";

    private final DistributeLock locks;

    /** @param locks the node's client, closed by the caller */
    public DistributeLockLoadClient(DistributeLock locks) {
        this.locks = locks;
    }

    @Override
    public Optional<Granted> tryLock(String key) {
        try {
            if (!locks.tryLock(GroupLoad.LOCK_TYPE, key, GroupChaosLimits.LOAD_WAIT.toMillis(),
                    TimeUnit.MILLISECONDS)) {
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (LockServiceUnavailableException e) {
            throw new GroupUnavailableException("the client found no leader: " + e.getMessage(), e);
        }
        long token = locks.fencingToken(GroupLoad.LOCK_TYPE, key).orElseThrow(() ->
                new IllegalStateException("a held lock without a fencing token: " + key));
        return Optional.of(new Granted(token, MEMBER_UNKNOWN));
    }

    @Override
    public FencedStore.Outcome unlock(String key) {
        try {
            locks.unlock(GroupLoad.LOCK_TYPE, key);
            return FencedStore.Outcome.RELEASED;
        } catch (LockLostException e) {
            return FencedStore.Outcome.LOST;
        } catch (LockServiceUnavailableException e) {
            return FencedStore.Outcome.UNAVAILABLE;
        }
    }
}
