package io.lockfacade.reliability.group;

import io.lockfacade.reliability.resource.FencedStore;
import io.lockfacade.testkit.group.GroupChaosLimits;

import java.util.Optional;

/** How one load worker takes and releases a lock of {@link GroupLoad#LOCK_TYPE}: the harness's caller or the client. */
public interface LoadClient {

    /**
     * A grant as the worker sees it.
     *
     * @param token  its fencing token
     * @param member the member that answered, or {@code client} when the client does not say
     */
    record Granted(long token, String member) {
    }

    /**
     * Takes {@code key}, waiting up to {@link GroupChaosLimits#LOAD_WAIT}.
     *
     * @return the grant, or empty if another owner kept it
     * @throws GroupUnavailableException or the client's unavailability exception if no leader answered in time
     */
    Optional<Granted> tryLock(String key);

    /** @return what the release reported, for the fenced resource's overlap rule */
    FencedStore.Outcome unlock(String key);
}
