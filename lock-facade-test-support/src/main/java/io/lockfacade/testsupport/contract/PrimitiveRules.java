package io.lockfacade.testsupport.contract;

/**
 * The contract of read-write locks, semaphores and leaderships ({@link io.lockfacade.api.PrimitiveLockService}):
 * a {@link MasterContract} runner that serves them adds this interface and returns them from {@link #primitives()}.
 */
public interface PrimitiveRules
        extends ReadWriteRules, ReadWriteWaiterRules, SemaphoreRules, LeadershipRules, PrimitiveDeadlockRules {
}
