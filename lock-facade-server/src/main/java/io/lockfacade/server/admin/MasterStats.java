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
 * @param grantCount           grants made since start, hand-overs to waiters and re-grants after expiry included
 */
public record MasterStats(long startedAtEpochMillis, Duration uptime, int lockCount, long grantCount) {

    /** Checks the figures. */
    public MasterStats {
        Objects.requireNonNull(uptime, "uptime");
        if (uptime.isNegative() || lockCount < 0 || grantCount < 0) {
            throw new IllegalArgumentException("negative master figures");
        }
    }

    /**
     * @param service        the master's lock service
     * @param nowEpochMillis the wall clock now
     * @return the figures now; a wall clock set back before the start reads as zero uptime
     */
    public static MasterStats of(MemoryLockServiceImpl service, long nowEpochMillis) {
        long started = service.startedAtEpochMillis();
        return new MasterStats(started, Duration.ofMillis(Math.max(0, nowEpochMillis - started)),
                service.table().size(), service.table().grantCount());
    }
}
