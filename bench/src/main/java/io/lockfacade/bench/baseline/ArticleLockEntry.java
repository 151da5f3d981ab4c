package io.lockfacade.bench.baseline;

/**
 * One held lock in the article's table: its owner, its lease and when it ends. The grant number stands in for a
 * fencing token, which the article did not have. Mutable only under the table's global semaphore.
 */
public final class ArticleLockEntry {

    private final String owner;
    private final long grantNumber;
    private final long leaseMillis;
    private volatile long expiresAtMillis;

    ArticleLockEntry(String owner, long grantNumber, long leaseMillis, long expiresAtMillis) {
        this.owner = owner;
        this.grantNumber = grantNumber;
        this.leaseMillis = leaseMillis;
        this.expiresAtMillis = expiresAtMillis;
    }

    /** @return who holds the lock */
    public String owner() {
        return owner;
    }

    /** @return the grant's number, increasing over the master's grants */
    public long grantNumber() {
        return grantNumber;
    }

    /** @return the lease granted, in milliseconds */
    public long leaseMillis() {
        return leaseMillis;
    }

    /** @return when the lease ends, wall clock */
    public long expiresAtMillis() {
        return expiresAtMillis;
    }

    void extend(long newExpiresAtMillis) {
        expiresAtMillis = newExpiresAtMillis;
    }
}
