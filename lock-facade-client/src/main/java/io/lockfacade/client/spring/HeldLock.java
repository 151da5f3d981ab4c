package io.lockfacade.client.spring;

/**
 * A lock held by a running {@link DistributeLocked} method, as {@link LockContext} reports it.
 *
 * @param lockType     the lock type
 * @param key          the key the expression produced for this call
 * @param fencingToken the grant's fencing token; pass it to the resource the lock protects
 */
public record HeldLock(String lockType, String key, long fencingToken) {
}
