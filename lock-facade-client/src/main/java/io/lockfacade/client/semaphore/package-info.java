/**
 * Semaphores of {@link io.lockfacade.client.LockFacade#semaphore}: {@link io.lockfacade.client.semaphore.MemorySemaphores}
 * in one JVM, {@link io.lockfacade.client.semaphore.DistributedSemaphores} across nodes under each node's session.
 * Both count permits per thread and serve waiters first come, first served.
 */
package io.lockfacade.client.semaphore;
