package io.lockfacade.server.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;

import java.time.Duration;
import java.util.Objects;

/**
 * How a master behaves: its default lease, the cap on one call's wait, and the expiry reaper's resolution; and the
 * terms of a call under them ({@link #leaseFor}, {@link #waitFor}, {@link #sessionTtlFor}), which every master
 * applies the same way.
 *
 * @param defaultLease lease granted to callers that name none ({@code leaseMillis <= 0})
 * @param waitCap      longest one {@code tryLock} call is parked; callers that want longer call again
 * @param expiryTick   resolution of lease expiry: a lease ends at most this much before the reaper frees it
 */
public record MasterSettings(Duration defaultLease, Duration waitCap, Duration expiryTick) {

    /** The reaper's default resolution. */
    public static final Duration DEFAULT_EXPIRY_TICK = Duration.ofMillis(20);

    /** Checks the settings against {@link LockLimits}. */
    public MasterSettings {
        Objects.requireNonNull(defaultLease, "defaultLease");
        Objects.requireNonNull(waitCap, "waitCap");
        Objects.requireNonNull(expiryTick, "expiryTick");
        if (defaultLease.compareTo(LockLimits.MIN_LEASE) < 0 || defaultLease.compareTo(LockLimits.MAX_LEASE) > 0) {
            throw new IllegalArgumentException("default lease must be between " + LockLimits.MIN_LEASE + " and "
                    + LockLimits.MAX_LEASE + ", was " + defaultLease);
        }
        if (waitCap.isNegative() || waitCap.compareTo(LockLimits.MAX_WAIT) > 0) {
            throw new IllegalArgumentException("wait cap must be between 0 and " + LockLimits.MAX_WAIT);
        }
        if (expiryTick.isZero() || expiryTick.isNegative()) {
            throw new IllegalArgumentException("expiry tick must be positive");
        }
    }

    /** @return the contract's defaults: 10 minute lease, 10 second wait cap */
    public static MasterSettings defaults() {
        return new MasterSettings(LockLimits.DEFAULT_MASTER_LEASE, LockLimits.DEFAULT_WAIT_CAP, DEFAULT_EXPIRY_TICK);
    }

    /**
     * @param leaseMillis the lease a caller asked for
     * @return the lease it gets: the default lease if it named none ({@code <= 0}), else what it asked
     * @throws IllegalArgumentException if the lease is outside the limits
     */
    public long leaseFor(long leaseMillis) {
        return LockArguments.requireLease(leaseMillis) <= 0 ? defaultLease.toMillis() : leaseMillis;
    }

    /**
     * @param waitMillis the wait a caller asked for
     * @return how long its call waits at most: what it asked, capped at the wait cap
     * @throws IllegalArgumentException if the wait is outside the limits
     */
    public long waitFor(long waitMillis) {
        return Math.min(LockArguments.requireWait(waitMillis), waitCap.toMillis());
    }

    /**
     * @param ttlMillis the TTL a caller asked for when opening a session
     * @return the TTL it gets: {@link LockLimits#DEFAULT_SESSION_TTL} if it named none ({@code <= 0})
     * @throws IllegalArgumentException if the TTL is outside the limits
     */
    public long sessionTtlFor(long ttlMillis) {
        return LockArguments.requireSessionTtl(ttlMillis) <= 0 ? LockLimits.DEFAULT_SESSION_TTL.toMillis() : ttlMillis;
    }

    /** @return a copy with another default lease */
    public MasterSettings withDefaultLease(Duration lease) {
        return new MasterSettings(lease, waitCap, expiryTick);
    }

    /** @return a copy with another wait cap */
    public MasterSettings withWaitCap(Duration cap) {
        return new MasterSettings(defaultLease, cap, expiryTick);
    }
}
