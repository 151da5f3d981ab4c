package io.lockfacade.bench.primitives;

import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A Lock Facade client JVM of the permits benchmarks ({@link HoldLoad}): each thread takes one permit of a semaphore
 * of {@code permits} (mode {@code semaphore}) or the mutex of one of {@code permits} keys (mode {@code mutex}, the
 * same number of holders at once) through {@link DistributeLock}, waiting at most 10 s a time.
 *
 * <p>Arguments: master URL (or a group's member URLs, comma-separated), node id, mode, threads, permits, warm-up
 * seconds, seconds, out file.
 */
public final class PermitsLoadMain {

    static final String TYPE = "bench-permits";
    private static final long WAIT_SECONDS = 10;

    private PermitsLoadMain() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[2];
        int permits = Integer.parseInt(args[4]);
        try (DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(args[0],
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(args[1]))) {
            LockFacadeSemaphore semaphore = locks.semaphore(TYPE, "s", permits);
            HoldLoad.run(Integer.parseInt(args[3]), Long.parseLong(args[5]), Long.parseLong(args[6]), Path.of(args[7]),
                    t -> mode.equals("mutex") ? mutex(locks, "k" + (t % permits)) : permit(semaphore));
        }
    }

    private static HoldLoad.Hold permit(LockFacadeSemaphore semaphore) {
        return new HoldLoad.Hold(() -> semaphore.tryAcquire(1, WAIT_SECONDS, TimeUnit.SECONDS),
                () -> semaphore.release(1));
    }

    private static HoldLoad.Hold mutex(DistributeLock locks, String key) {
        return new HoldLoad.Hold(() -> locks.tryLock(TYPE, key, WAIT_SECONDS, TimeUnit.SECONDS),
                () -> locks.unlock(TYPE, key));
    }
}
