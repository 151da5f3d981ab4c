/**
 * The integrations' benchmark: a ShedLock lock/unlock through {@code LockFacadeLockProvider} and a
 * {@code LockRegistry} lock/unlock through {@code LockFacadeLockRegistry}, each as a ratio to a
 * {@code DistributeLock} lock+unlock measured in the same run.
 */
package io.lockfacade.bench.integrations;
