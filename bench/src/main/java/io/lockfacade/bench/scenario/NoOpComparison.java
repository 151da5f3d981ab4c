package io.lockfacade.bench.scenario;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;

/**
 * Times one no-op call ({@code isLockTypeEmpty}) through two transports in alternation, one call each in turn, so
 * that both see the same machine at the same moment.
 *
 * @param product the product's transport to its master
 * @param floor   the reference transport, code the product does not write
 */
record NoOpComparison(MemoryLockService product, MemoryLockService floor) {

    /** Both transports' latencies. */
    record Result(LatencyHistogram product, LatencyHistogram floor) {
    }

    Result measure(String lockType, Duration duration) {
        Result result = new Result(new LatencyHistogram(), new LatencyHistogram());
        long end = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < end) {
            result.product().recordNanos(time(product, lockType));
            result.floor().recordNanos(time(floor, lockType));
        }
        return result;
    }

    private static long time(MemoryLockService service, String lockType) {
        long start = System.nanoTime();
        service.isLockTypeEmpty(lockType);
        return System.nanoTime() - start;
    }
}
