package io.lockfacade.bench.client;

import io.lockfacade.client.LockFacade;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A reference, not a lock service: a fair JDK {@link ReentrantLock} per lock type and key, in this JVM only, never
 * removed. Run with the workload of Lock Facade's contention scenario, it gives the rate at which a first come,
 * first served lock alone hands over between threads on this machine, a ceiling for any fair local arbitration.
 * It has no fencing tokens ({@link #fencingToken} is empty) and no master.
 */
public final class FairJdkLocks implements LockFacade {

    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    @Override
    public void lock(String lockType, String key, long timeoutMillis) throws TimeoutException {
        try {
            if (!lockOf(lockType, key).tryLock(timeoutMillis, TimeUnit.MILLISECONDS)) {
                throw new TimeoutException("no lock " + lockType + "/" + key + " within " + timeoutMillis + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted while waiting for " + lockType + "/" + key);
        }
    }

    @Override
    public boolean tryLock(String lockType, String key) {
        return lockOf(lockType, key).tryLock();
    }

    @Override
    public boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) throws InterruptedException {
        return lockOf(lockType, key).tryLock(waitTime, unit);
    }

    @Override
    public void unlock(String lockType, String key) {
        lockOf(lockType, key).unlock();
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        String prefix = lockType + '\0';
        return locks.entrySet().stream().noneMatch(e -> e.getKey().startsWith(prefix) && e.getValue().isLocked());
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key) {
        return OptionalLong.empty();
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key) {
        return lockOf(lockType, key).isHeldByCurrentThread();
    }

    @Override
    public boolean isLost(String lockType, String key) {
        return false;
    }

    private ReentrantLock lockOf(String lockType, String key) {
        return locks.computeIfAbsent(lockType + '\0' + key, name -> new ReentrantLock(true));
    }
}
