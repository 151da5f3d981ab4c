/**
 * Spring Integration on Lock Facade: {@link io.lockfacade.integration.LockFacadeLockRegistry} is a
 * {@code LockRegistry} whose locks the lock master grants, for aggregators, {@code LockRegistryLeaderInitiator}
 * and application code.
 */
package io.lockfacade.integration;
