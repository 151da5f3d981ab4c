package io.lockfacade.bench.ha;

import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shared by the load threads of one trial: counts grants before the fault and keeps the time of the first grant
 * that counts as the new leader's after it.
 */
final class RecoveryClock {

    private static final long NOT_YET = Long.MAX_VALUE;

    private final AtomicInteger grants = new AtomicInteger();
    private final AtomicLong firstAfterFault = new AtomicLong(NOT_YET);
    private final CountDownLatch recovered = new CountDownLatch(1);
    private volatile int faulted = UNKNOWN_MEMBER;
    private volatile long faultNanos = NOT_YET;
    private volatile Instant faultAt;
    private volatile int firstMember = UNKNOWN_MEMBER;

    /** A grant whose answering member the client does not report. */
    static final int UNKNOWN_MEMBER = -1;

    /** Called right before the fault is applied to member {@code member}. */
    void faultNow(int member) {
        faulted = member;
        faultAt = Instant.now();
        faultNanos = System.nanoTime();
    }

    /**
     * Records a grant.
     *
     * @param doneNanos       when the grant's answer arrived
     * @param member          the member that answered, or {@link #UNKNOWN_MEMBER}; the faulted member's grants
     *                        never count as recovery
     * @param staleGraceNanos grants this soon after the fault are not counted (replies sent before it)
     */
    void granted(long doneNanos, int member, long staleGraceNanos) {
        grants.incrementAndGet();
        long fault = faultNanos;
        boolean byNewLeader = member == UNKNOWN_MEMBER || member != faulted;
        if (fault != NOT_YET && byNewLeader && doneNanos - fault > staleGraceNanos
                && firstAfterFault.compareAndSet(NOT_YET, doneNanos)) {
            firstMember = member;
            recovered.countDown();
        }
    }

    /** Waits (bounded) until the load has made {@link HaLimits#WARM_GRANTS} grants. */
    void awaitWarm() throws InterruptedException {
        long deadline = System.nanoTime() + HaLimits.WARM_TIMEOUT.toNanos();
        while (grants.get() < HaLimits.WARM_GRANTS) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the load made " + grants.get() + " grants in "
                        + HaLimits.WARM_TIMEOUT + " before the fault");
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
    }

    /**
     * @return when the fault was applied and, once recovered, which member made the first new grant: wall-clock
     *         times to find the failover in the members' logs
     */
    String timeline() {
        return "fault at " + faultAt + (firstMember == UNKNOWN_MEMBER ? ""
                : ", first new grant by " + LockFacadeGroup.id(firstMember));
    }

    /** @return fault to first new grant in ms, or {@code null} if none came within {@link HaLimits#RECOVERY_CAP} */
    Double awaitRecovery() throws InterruptedException {
        if (!recovered.await(HaLimits.RECOVERY_CAP.toMillis(), TimeUnit.MILLISECONDS)) {
            return null;
        }
        return (firstAfterFault.get() - faultNanos) / 1e6;
    }
}
