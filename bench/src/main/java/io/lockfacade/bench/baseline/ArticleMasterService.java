package io.lockfacade.bench.baseline;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The article's master: {@link MemoryLockService} over an {@link ArticleLockTable}. A {@code tryLock} that must
 * wait polls the table every {@link #RETRY_INTERVAL}, holding its request thread while it sleeps, up to the same
 * wait cap as Lock Facade's master. The expiry thread ({@value #EXPIRY_THREAD}) scans the whole table every
 * {@link ArticleLockTable#EXPIRY_SCAN_INTERVAL}. Arguments are not checked: the benchmark sends only valid ones.
 */
public final class ArticleMasterService implements MemoryLockService, AutoCloseable {

    /** The article's sleep between two attempts of a waiting call, on the master and on the client. */
    public static final Duration RETRY_INTERVAL = Duration.ofMillis(100);

    /** Name of the expiry thread. */
    public static final String EXPIRY_THREAD = "article-expiry-scan";

    private final ArticleLockTable table = new ArticleLockTable();
    private final Thread expiry = new Thread(this::scanForever, EXPIRY_THREAD);
    private volatile boolean running = true;

    /** Creates the master and starts its expiry thread. */
    public ArticleMasterService() {
        expiry.setDaemon(true);
        expiry.start();
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        long lease = leaseMillis <= 0 ? LockLimits.DEFAULT_MASTER_LEASE.toMillis() : leaseMillis;
        long wait = Math.min(Math.max(0, waitMillis), LockLimits.DEFAULT_WAIT_CAP.toMillis());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait);
        while (true) {
            ArticleLockEntry entry = table.tryLock(lockType, key, owner, lease);
            if (entry != null) {
                return new LockGrant(lockType, key, owner, entry.grantNumber(), entry.leaseMillis());
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0 || !sleep(Math.min(remaining, RETRY_INTERVAL.toNanos()))) {
                return null;
            }
        }
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        return table.unlock(lockType, key, owner);
    }

    /** The article's master parks no calls (its clients poll), so it has nothing to yield to. */
    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        throw new UnsupportedOperationException("the article's master has no waiting calls to yield to");
    }

    /** The article's master parks no calls (its clients poll), so nobody ever waits on it. */
    @Override
    public boolean hasWaiters(String lockType, String key) {
        throw new UnsupportedOperationException("the article's master has no waiting calls");
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        long lease = leaseMillis <= 0 ? LockLimits.DEFAULT_MASTER_LEASE.toMillis() : leaseMillis;
        return table.renew(lockType, key, owner, lease);
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return table.isLockTypeEmpty(lockType);
    }

    /** The article's master has no sessions. */
    @Override
    public long openSession(String sessionId, long ttlMillis) {
        throw new UnsupportedOperationException("the article's master has no sessions");
    }

    /** The article's master has no sessions. */
    @Override
    public long keepAliveSession(String sessionId) {
        throw new UnsupportedOperationException("the article's master has no sessions");
    }

    /** The article's master has no sessions. */
    @Override
    public boolean closeSession(String sessionId) {
        throw new UnsupportedOperationException("the article's master has no sessions");
    }

    /** The article's master has no sessions. */
    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        throw new UnsupportedOperationException("the article's master has no sessions");
    }

    /** @return the table, for the benchmark's statistics */
    public ArticleLockTable table() {
        return table;
    }

    /** Stops the expiry thread. */
    @Override
    public void close() {
        running = false;
        expiry.interrupt();
    }

    private void scanForever() {
        while (running && sleep(ArticleLockTable.EXPIRY_SCAN_INTERVAL.toNanos())) {
            table.expireAll();
        }
    }

    private static boolean sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
