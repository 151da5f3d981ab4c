package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;

/**
 * One delivery of a grant to one {@code tryLock} call.
 *
 * <p>The same grant may be handed out several times (a retried call from the same owner), and the calls may run
 * in any order: a retry can overtake the call it retries. The table counts the handouts that may have been
 * delivered and releases an undelivered grant only when none may have been, so a handout the transport could not
 * write never takes the lock from a call that did get it.
 *
 * @param grant    the grant
 * @param sequence how many handouts of this grant might have been delivered when this one was made, this one
 *                 included
 */
public record Handout(LockGrant grant, int sequence) {

    /** @return the address of the granted lock */
    public LockKey lockKey() {
        return new LockKey(grant.getLockType(), grant.getKey());
    }
}
