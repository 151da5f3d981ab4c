/**
 * Leader election of {@link io.lockfacade.client.LockFacade#leadership}: {@link io.lockfacade.client.leadership.MemoryLeaderships}
 * among participants of one JVM, {@link io.lockfacade.client.leadership.DistributedLeaderships} across nodes, on the
 * master under each node's session. Listeners are told on a thread of their own, never under a lock.
 */
package io.lockfacade.client.leadership;
