package io.lockfacade.api;

import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;

/**
 * Proof that the master granted a lock: who holds which lock, for how long, and under which fencing token.
 *
 * <p>The fencing token is positive and strictly greater than every token the master granted before, across
 * master restarts too. Pass it to the resource the lock protects and let the resource refuse any token smaller
 * than the largest it has accepted: a holder that paused past its lease then cannot overwrite newer work.
 *
 * <p>A plain immutable class rather than a record because Hessian 4 cannot deserialize records.
 */
public final class LockGrant implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String lockType;
    private final String key;
    private final String owner;
    private final long fencingToken;
    private final long leaseMillis;

    /**
     * Creates a grant.
     *
     * @param lockType     the lock type
     * @param key          the key within the type
     * @param owner        the owner the lock is granted to
     * @param fencingToken the token of this grant, positive
     * @param leaseMillis  the lease granted, in milliseconds
     */
    public LockGrant(String lockType, String key, String owner, long fencingToken, long leaseMillis) {
        this.lockType = Objects.requireNonNull(lockType, "lockType");
        this.key = Objects.requireNonNull(key, "key");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.fencingToken = fencingToken;
        this.leaseMillis = leaseMillis;
    }

    /** @return the lock type */
    public String getLockType() {
        return lockType;
    }

    /** @return the key within the lock type */
    public String getKey() {
        return key;
    }

    /** @return the owner the lock is granted to */
    public String getOwner() {
        return owner;
    }

    /** @return the fencing token of this grant: positive, unique and increasing per master */
    public long getFencingToken() {
        return fencingToken;
    }

    /** @return the lease granted, in milliseconds, counted from the moment the master answered */
    public long getLeaseMillis() {
        return leaseMillis;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LockGrant that
                && fencingToken == that.fencingToken
                && leaseMillis == that.leaseMillis
                && lockType.equals(that.lockType)
                && key.equals(that.key)
                && owner.equals(that.owner);
    }

    @Override
    public int hashCode() {
        return Objects.hash(lockType, key, owner, fencingToken, leaseMillis);
    }

    @Override
    public String toString() {
        return "LockGrant[" + lockType + "/" + key + " owner=" + owner + " token=" + fencingToken
                + " lease=" + leaseMillis + "ms]";
    }
}
