package io.lockfacade.bench.scenario;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.UUID;

/**
 * Times a lock+unlock of a fresh key taken two ways on the same transport and master, one operation each in turn:
 * under a session ({@code tryLockInSession}, what {@code DistributeLock} sends since sessions) and with a plain
 * per-owner lease ({@code tryLock}, what it sent before, and what other-language clients still send). The session is
 * kept alive between operations.
 *
 * @param master  the product transport to the product master
 * @param owner   the owner both paths lock as
 */
record SessionPathComparison(MemoryLockService master, String owner) {

    /** The lease the per-owner path asks for: what {@code DistributeLock} asked before sessions. */
    static final Duration LEASE = LockLimits.DEFAULT_SESSION_TTL;

    /** Time between two keep-alives of the measuring session, well within its TTL. */
    static final Duration KEEP_ALIVE_INTERVAL = Duration.ofSeconds(1);

    /** Both paths' latencies. */
    record Result(LatencyHistogram session, LatencyHistogram lease) {
    }

    Result measure(String lockType, String keyPrefix, Duration duration) {
        Result result = new Result(new LatencyHistogram(), new LatencyHistogram());
        String session = owner + "/" + UUID.randomUUID();
        master.openSession(session, LockLimits.DEFAULT_SESSION_TTL.toMillis());
        try {
            long end = System.nanoTime() + duration.toNanos();
            long nextKeepAlive = System.nanoTime() + KEEP_ALIVE_INTERVAL.toNanos();
            for (long i = 0; System.nanoTime() < end; i++) {
                String key = keyPrefix + "-" + i;
                long start = System.nanoTime();
                master.tryLockInSession(lockType, key + "s", owner, session, 0);
                master.unlock(lockType, key + "s", owner);
                long middle = System.nanoTime();
                master.tryLock(lockType, key + "l", owner, LEASE.toMillis(), 0);
                master.unlock(lockType, key + "l", owner);
                long done = System.nanoTime();
                result.session().recordNanos(middle - start);
                result.lease().recordNanos(done - middle);
                if (done - nextKeepAlive >= 0) {
                    master.keepAliveSession(session);
                    nextKeepAlive = System.nanoTime() + KEEP_ALIVE_INTERVAL.toNanos();
                }
            }
        } finally {
            master.closeSession(session);
        }
        return result;
    }
}
