/**
 * Read-write locks, semaphores and leaderships of a master group under faults: worker JVMs that use them through the
 * group's transport client, which follows the leader ({@link io.lockfacade.reliability.primitives.PrimitiveWorker}),
 * and a referee that sees every critical section and leader's write
 * ({@link io.lockfacade.reliability.primitives.SectionReferee}).
 */
package io.lockfacade.reliability.primitives;
