package io.lockfacade.bench.integrations;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.integration.LockFacadeLockRegistry;
import io.lockfacade.shedlock.LockFacadeLockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Lock;

/**
 * The three uncontended cycles compared, each on a key of its own through one client node: a
 * {@code DistributeLock} lock+unlock (the reference), a ShedLock lock/unlock through the provider, and a
 * {@code LockRegistry} {@code obtain(key).lock()} + {@code unlock()}.
 */
enum IntegrationCycles {

    /** {@code DistributeLock.lock} + {@code unlock}: the reference. */
    DISTRIBUTE_LOCK("DistributeLock lock+unlock", null),
    /** ShedLock's {@code LockProvider.lock} + {@code SimpleLock.unlock}. */
    SHEDLOCK("ShedLock provider lock+unlock", 1.2),
    /** Spring Integration's {@code obtain(key).lock()} + {@code unlock()}. */
    LOCK_REGISTRY("LockRegistry obtain().lock()+unlock()", 1.1);

    static final String LOCK_TYPE = "bench-integrations";
    private static final Duration LOCK_AT_MOST_FOR = Duration.ofMinutes(1);

    private final String label;
    private final Double targetRatio;

    IntegrationCycles(String label, Double targetRatio) {
        this.label = label;
        this.targetRatio = targetRatio;
    }

    /** @return how the report names the cycle */
    String label() {
        return label;
    }

    /** @return the largest ratio to the reference's median the issue allows, or {@code null} for the reference */
    Double targetRatio() {
        return targetRatio;
    }

    /** One client node with the three ways in. */
    record Node(DistributeLock locks, LockFacadeLockProvider provider, LockFacadeLockRegistry registry) {

        Node(DistributeLock locks) {
            this(locks, new LockFacadeLockProvider(locks, LOCK_TYPE), new LockFacadeLockRegistry(locks, LOCK_TYPE));
        }

        /** Runs one cycle of {@code cycle}. */
        void run(IntegrationCycles cycle) throws TimeoutException {
            switch (cycle) {
                case DISTRIBUTE_LOCK -> {
                    locks.lock(LOCK_TYPE, "distribute-lock", 0);
                    locks.unlock(LOCK_TYPE, "distribute-lock");
                }
                case SHEDLOCK -> provider.lock(new LockConfiguration(Instant.now(), "shedlock", LOCK_AT_MOST_FOR,
                        Duration.ZERO)).orElseThrow(() -> new IllegalStateException("the ShedLock lock was held"))
                        .unlock();
                case LOCK_REGISTRY -> {
                    Lock lock = registry.obtain("lock-registry");
                    lock.lock();
                    lock.unlock();
                }
            }
        }
    }
}
