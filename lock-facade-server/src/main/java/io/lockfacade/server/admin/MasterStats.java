package io.lockfacade.server.admin;

import io.lockfacade.server.service.MemoryLockServiceImpl;

import java.time.Duration;
import java.util.Objects;

/**
 * The master's figures for the admin page's header.
 *
 * @param startedAtEpochMillis when the master started, wall clock
 * @param uptime               how long it has been running
 * @param lockCount            locks held now (a lock whose lease just ran out counts until it is freed)
 * @param grantCount           grants made since start, hand-overs to waiters and re-grants after expiry included, or
 *                             {@link #GRANTS_NOT_COUNTED} where the table does not count them
 */
public record MasterStats(long startedAtEpochMillis, Duration uptime, int lockCount, long grantCount) {

    /** The grant count of a table that does not count its grants. */
    public static final long GRANTS_NOT_COUNTED = -1;

    /** Checks the figures. */
    public MasterStats {
        Objects.requireNonNull(uptime, "uptime");
        if (uptime.isNegative() || lockCount < 0 || grantCount < GRANTS_NOT_COUNTED) {
            throw new IllegalArgumentException("negative master figures");
        }
    }

    /**
     * @param startedAtEpochMillis when the master started, wall clock
     * @param lockCount            locks held now
     * @param grantCount           grants since start, or {@link #GRANTS_NOT_COUNTED}
     * @param nowEpochMillis       the wall clock now
     * @return the figures; a wall clock set back before the start reads as zero uptime
     */
    public static MasterStats at(long startedAtEpochMillis, int lockCount, long grantCount, long nowEpochMillis) {
        return new MasterStats(startedAtEpochMillis, Duration.ofMillis(Math.max(0, nowEpochMillis
                - startedAtEpochMillis)), lockCount, grantCount);
    }

    /** @return whether {@link #grantCount()} is a count */
    public boolean grantsCounted() {
        return grantCount != GRANTS_NOT_COUNTED;
    }

    /**
     * @param service        the master's lock service
     * @param nowEpochMillis the wall clock now
     * @return the figures now; a wall clock set back before the start reads as zero uptime
     */
    public static MasterStats of(MemoryLockServiceImpl service, long nowEpochMillis) {
        return at(service.startedAtEpochMillis(), service.table().size(), service.table().grantCount(),
                nowEpochMillis);
    }
}
