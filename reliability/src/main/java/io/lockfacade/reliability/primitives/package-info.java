/**
 * Read-write locks, semaphores and leaderships of a master group under faults: worker JVMs that use them through the
 * raw Hessian client ({@link io.lockfacade.reliability.primitives.PrimitiveWorker}), following the leader
 * ({@link io.lockfacade.reliability.primitives.LeaderFollowingPrimitives}), and a referee that sees every critical
 * section and leader's write ({@link io.lockfacade.reliability.primitives.SectionReferee}).
 */
package io.lockfacade.reliability.primitives;
