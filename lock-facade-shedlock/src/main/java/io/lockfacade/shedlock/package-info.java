/**
 * ShedLock on Lock Facade: {@link io.lockfacade.shedlock.LockFacadeLockProvider} makes {@code @SchedulerLock}
 * tasks (and ShedLock's {@code LockingTaskExecutor}) run on one node at a time, each grant a lease of
 * {@code lockAtMostFor} on the lock master with a fencing token the task can read.
 */
package io.lockfacade.shedlock;
