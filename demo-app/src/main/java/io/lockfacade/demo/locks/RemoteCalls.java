package io.lockfacade.demo.locks;

import io.lockfacade.client.transport.CountingMemoryLockService;
import io.lockfacade.client.transport.CountingMemoryLockService.CallKind;

/**
 * How many calls of each kind a node made to the master.
 *
 * @param tryLock         {@code tryLock} calls
 * @param unlock          {@code unlock} and {@code yieldToWaiters} calls (releases)
 * @param renew           {@code renew} calls (lease renewal)
 * @param isLockTypeEmpty {@code isLockTypeEmpty} and {@code hasWaiters} calls (reads)
 */
public record RemoteCalls(long tryLock, long unlock, long renew, long isLockTypeEmpty) {

    /** No calls: a node without a master. */
    public static final RemoteCalls NONE = new RemoteCalls(0, 0, 0, 0);

    /** @return the calls {@code service} counted: releases with yields, reads together */
    static RemoteCalls countedBy(CountingMemoryLockService service) {
        return new RemoteCalls(service.calls(CallKind.ACQUIRE),
                service.calls(CallKind.RELEASE) + service.calls(CallKind.YIELD), service.calls(CallKind.UPKEEP),
                service.calls(CallKind.READ));
    }

    /** @return these calls and {@code other} added up */
    public RemoteCalls plus(RemoteCalls other) {
        return new RemoteCalls(tryLock + other.tryLock, unlock + other.unlock, renew + other.renew,
                isLockTypeEmpty + other.isLockTypeEmpty);
    }

    /** @return the calls that acquire and release locks ({@code tryLock}, {@code unlock}, {@code yieldToWaiters}) */
    public long lockAndUnlock() {
        return tryLock + unlock;
    }

    /** @return all calls */
    public long total() {
        return tryLock + unlock + renew + isLockTypeEmpty;
    }
}
