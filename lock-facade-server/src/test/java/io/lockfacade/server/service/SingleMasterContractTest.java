package io.lockfacade.server.service;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.server.fencing.WallClockFloor;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.contract.MasterContract;
import io.lockfacade.testsupport.contract.PrimitiveRules;
import org.junit.jupiter.api.AfterAll;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The master contract, read-write locks, semaphores and leaderships included, on the single master in-process, on a
 * monotonic clock the tests move: leases and sessions run out exactly when a test says, however loaded the machine.
 */
class SingleMasterContractTest extends MasterContract implements PrimitiveRules {

    private static final Duration WAIT_CAP = Duration.ofSeconds(1);
    private static final AtomicLong NANOS = new AtomicLong(TimeUnit.SECONDS.toNanos(1_000));
    private static final MemoryLockServiceImpl MASTER = new MemoryLockServiceImpl(
            MasterSettings.defaults().withWaitCap(WAIT_CAP), LockEvents.NONE,
            new MasterClocks(NANOS::get, System::currentTimeMillis, new WallClockFloor()));

    @AfterAll
    static void stop() {
        MASTER.close();
    }

    @Override
    public MemoryLockService master() {
        return MASTER;
    }

    @Override
    public PrimitiveLockService primitives() {
        return MASTER.primitives().orElseThrow();
    }

    @Override
    public int waitingCalls(String key) {
        return MASTER.table().describe(new LockKey(lockType(), key)).map(LockInfo::waiters).orElse(0);
    }

    @Override
    public Duration waitCap() {
        return WAIT_CAP;
    }

    @Override
    public void letTimePass(Duration time) {
        NANOS.addAndGet(time.toNanos() + 1);
    }
}
