package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;

/**
 * One delivery of a grant to one {@code tryLock} call.
 *
 * <p>The same grant may be handed out several times (a retried call from the same owner). The sequence tells
 * them apart, so that when the transport fails to deliver an older handout it does not release a grant that a
 * newer call has already delivered.
 *
 * @param grant    the grant
 * @param sequence how many times this grant had been handed out, this one included
 */
public record Handout(LockGrant grant, int sequence) {

    /** @return the address of the granted lock */
    public LockKey lockKey() {
        return new LockKey(grant.getLockType(), grant.getKey());
    }
}
