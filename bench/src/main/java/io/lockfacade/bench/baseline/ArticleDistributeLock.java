package io.lockfacade.bench.baseline;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockFacade;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The article's client: every thread asks the master itself (no local arbitration, no hand-off), each call waits on
 * the master by polling, and a call that comes back empty is retried after
 * {@link ArticleMasterService#RETRY_INTERVAL}. Re-entry is counted per thread. No lease renewal: the benchmark's
 * holds are far shorter than the {@link #LEASE}.
 */
public final class ArticleDistributeLock implements LockFacade, AutoCloseable {

    /** The lease asked for with every grant, as Lock Facade's client asks by default. */
    public static final Duration LEASE = Duration.ofSeconds(30);

    private final MemoryLockService master;
    private final String nodeId;
    private final ThreadLocal<Map<String, Held>> held = ThreadLocal.withInitial(HashMap::new);

    /**
     * @param master the article's master (or any master speaking the contract)
     * @param nodeId names this client in owners
     */
    public ArticleDistributeLock(MemoryLockService master, String nodeId) {
        this.master = master;
        this.nodeId = nodeId;
    }

    @Override
    public void lock(String lockType, String key, long timeoutMillis) throws TimeoutException {
        long wait = timeoutMillis <= 0 ? Long.MAX_VALUE : timeoutMillis;
        try {
            if (!acquire(lockType, key, wait)) {
                throw new TimeoutException("lock " + lockType + "/" + key + " not acquired within " + timeoutMillis
                        + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + lockType + "/" + key, e);
        }
    }

    @Override
    public boolean tryLock(String lockType, String key) {
        try {
            return acquire(lockType, key, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) throws InterruptedException {
        return acquire(lockType, key, unit.toMillis(waitTime));
    }

    @Override
    public void unlock(String lockType, String key) {
        String id = lockType + "/" + key;
        Held hold = held.get().get(id);
        if (hold == null) {
            throw new IllegalMonitorStateException("lock " + id + " is not held by this thread");
        }
        if (--hold.count == 0) {
            held.get().remove(id);
            master.unlock(lockType, key, owner());
        }
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return master.isLockTypeEmpty(lockType);
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key) {
        Held hold = held.get().get(lockType + "/" + key);
        return hold == null ? OptionalLong.empty() : OptionalLong.of(hold.grantNumber);
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key) {
        return held.get().containsKey(lockType + "/" + key);
    }

    @Override
    public boolean isLost(String lockType, String key) {
        return false;
    }

    /** Nothing to release: the article's client keeps no threads or connections of its own. */
    @Override
    public void close() {
        // stateless beyond the calling threads' own holds
    }

    private boolean acquire(String lockType, String key, long waitMillis) throws InterruptedException {
        String id = lockType + "/" + key;
        Held hold = held.get().get(id);
        if (hold != null) {
            hold.count++;
            return true;
        }
        long deadline = waitMillis == Long.MAX_VALUE ? Long.MAX_VALUE
                : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (true) {
            long remainingMillis = deadline == Long.MAX_VALUE ? LockLimits.DEFAULT_WAIT_CAP.toMillis()
                    : Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            LockGrant grant = master.tryLock(lockType, key, owner(), LEASE.toMillis(),
                    Math.min(remainingMillis, LockLimits.DEFAULT_WAIT_CAP.toMillis()));
            if (grant != null) {
                held.get().put(id, new Held(grant.getFencingToken()));
                return true;
            }
            if (deadline != Long.MAX_VALUE && deadline - System.nanoTime() <= 0) {
                return false;
            }
            Thread.sleep(ArticleMasterService.RETRY_INTERVAL.toMillis());
        }
    }

    private String owner() {
        Thread current = Thread.currentThread();
        return nodeId + ":" + current.getName() + "#" + current.getId();
    }

    /** One thread's hold of one lock. */
    private static final class Held {
        final long grantNumber;
        int count = 1;

        Held(long grantNumber) {
            this.grantNumber = grantNumber;
        }
    }
}
