package io.lockfacade.server.service;

import io.lockfacade.server.table.LockKey;

/**
 * One grant with a lease of its own, as the expiry schedule knows it: the lock and the grant's token. Keying the
 * schedule by grant, not by lock, is what lets the end of one grant unschedule its visit without ever removing
 * the visit of a newer grant of the same lock.
 *
 * @param lockKey      the lock
 * @param fencingToken the grant
 */
record LeaseRef(LockKey lockKey, long fencingToken) {
}
