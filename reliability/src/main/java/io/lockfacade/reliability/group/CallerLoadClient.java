package io.lockfacade.reliability.group;

import io.lockfacade.api.LockGrant;
import io.lockfacade.reliability.resource.FencedStore;
import io.lockfacade.testkit.group.GroupChaosLimits;

import java.util.Optional;

/** A load worker that calls the Hessian contract through the harness's {@link LeaderFollowingCaller}. */
public final class CallerLoadClient implements LoadClient {

    private final String owner;
    private final LeaderFollowingCaller caller;

    /**
     * @param owner  the owner id the worker locks as
     * @param caller how it reaches the leader
     */
    public CallerLoadClient(String owner, LeaderFollowingCaller caller) {
        this.owner = owner;
        this.caller = caller;
    }

    @Override
    public Optional<Granted> tryLock(String key) {
        LeaderFollowingCaller.Answer<LockGrant> grant = caller.call("tryLock " + key,
                service -> service.tryLock(GroupLoad.LOCK_TYPE, key, owner, GroupChaosLimits.LOAD_LEASE.toMillis(),
                        GroupChaosLimits.LOAD_WAIT.toMillis()));
        return Optional.ofNullable(grant.value())
                .map(value -> new Granted(value.getFencingToken(), grant.member()));
    }

    @Override
    public FencedStore.Outcome unlock(String key) {
        LeaderFollowingCaller.Answer<Boolean> released = caller.call("unlock " + key,
                service -> service.unlock(GroupLoad.LOCK_TYPE, key, owner));
        return released.value() ? FencedStore.Outcome.RELEASED
                // a retried unlock that finds the lock free may have released it in an earlier attempt
                : released.ambiguous() ? FencedStore.Outcome.UNAVAILABLE : FencedStore.Outcome.LOST;
    }
}
