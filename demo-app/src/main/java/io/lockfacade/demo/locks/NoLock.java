package io.lockfacade.demo.locks;

import io.lockfacade.api.LockArguments;
import io.lockfacade.client.LockFacade;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link LockFacade} that excludes nobody: every acquisition succeeds at once. <b>For the demo only</b>, to
 * show what the shared store suffers without a lock.
 *
 * <p>It still behaves like a lock towards its caller: it counts re-entries per thread, refuses to unlock what the
 * thread does not hold, and hands out fencing tokens from a counter of its own, as an in-JVM lock would. Those
 * tokens mean nothing across nodes, which the store's fencing check then reports.
 */
public final class NoLock implements LockFacade {

    private final AtomicLong fencingTokens = new AtomicLong();
    private final ThreadLocal<Map<String, Hold>> holds = ThreadLocal.withInitial(HashMap::new);

    @Override
    public void lock(String lockType, String key, long timeoutMillis) {
        acquire(lockType, key);
    }

    @Override
    public boolean tryLock(String lockType, String key) {
        acquire(lockType, key);
        return true;
    }

    @Override
    public boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) {
        acquire(lockType, key);
        return true;
    }

    @Override
    public void unlock(String lockType, String key) {
        String id = id(lockType, key);
        Hold hold = holds.get().get(id);
        if (hold == null) {
            throw new IllegalMonitorStateException("lock " + id + " is not held by thread "
                    + Thread.currentThread().getName());
        }
        if (--hold.count == 0) {
            holds.get().remove(id);
        }
    }

    /** @return always {@code true}: nothing is ever held against anyone */
    @Override
    public boolean isLockTypeEmpty(String lockType) {
        LockArguments.requireName("lockType", lockType);
        return true;
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key) {
        Hold hold = holds.get().get(id(lockType, key));
        return hold == null ? OptionalLong.empty() : OptionalLong.of(hold.fencingToken);
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key) {
        return holds.get().containsKey(id(lockType, key));
    }

    /** @return always {@code false} */
    @Override
    public boolean isLost(String lockType, String key) {
        id(lockType, key);
        return false;
    }

    private void acquire(String lockType, String key) {
        holds.get().computeIfAbsent(id(lockType, key), id -> new Hold(fencingTokens.incrementAndGet())).count++;
    }

    private static String id(String lockType, String key) {
        return LockArguments.requireName("lockType", lockType) + "/" + LockArguments.requireName("key", key);
    }

    /** Re-entries and token of one lock held by one thread. */
    private static final class Hold {
        final long fencingToken;
        int count;

        Hold(long fencingToken) {
            this.fencingToken = fencingToken;
        }
    }
}
