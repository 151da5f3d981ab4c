package io.lockfacade.bench.ha;

import io.lockfacade.api.LockGrant;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * One fault trial against the Lock Facade group: a lock is taken and held, {@link HaLimits#LOAD_THREADS} client
 * threads lock and unlock their own keys, the leader is crashed or hung, and the trial measures fault to first grant
 * answered by another member, then checks the held lock. The faulted member is then ended and restarted with its
 * data, so the next trial starts from a whole group.
 */
final class LockFacadeFaultTrial {

    private static final String TYPE = "habench";
    private static final long NO_WAIT = 0;

    private final LockFacadeGroup group;
    private final LockCalls.Kind client;

    /** @param group the running group; @param client the client the load and the checks use */
    LockFacadeFaultTrial(LockFacadeGroup group, LockCalls.Kind client) {
        this.group = group;
        this.client = client;
    }

    /** Runs trial number {@code trial} of {@code fault}. */
    TrialResult run(FaultKind fault, int trial) throws InterruptedException, IOException {
        int leader = group.awaitAgreedLeader();
        List<String> endpoints = group.endpoints();
        String heldKey = "held-" + fault + "-" + trial;
        String holder = "holder-" + fault + "-" + trial;
        LockGrant before = client.create(endpoints, leader, Duration.ZERO)
                .tryLock(TYPE, heldKey, holder, HaLimits.HELD_LEASE.toMillis(), NO_WAIT, deadline()).value();
        RecoveryClock clock = new RecoveryClock();
        LoadThreads load = new LoadThreads("lf-load", HaLimits.LOAD_THREADS, i -> {
            LockCalls locks = client.create(endpoints, leader, Duration.ZERO);
            String key = "load-" + fault + "-" + trial + "-" + i;
            String owner = "load-owner-" + i;
            return () -> {
                LockCalls.Answered<LockGrant> grant = locks.tryLock(TYPE, key, owner,
                        HaLimits.LOAD_LEASE.toMillis(), NO_WAIT, deadline());
                if (grant.value() != null) {
                    clock.granted(grant.doneNanos(), grant.member(), 0);
                    locks.unlock(TYPE, key, owner, deadline());
                }
            };
        });
        Double recovery;
        int faulted;
        try {
            clock.awaitWarm();
            // Leadership may have moved while the load warmed up (a loaded host sees spurious elections): fault the
            // member that leads now.
            faulted = group.awaitAgreedLeader();
            clock.faultNow(faulted);
            fault.apply(group.member(faulted));
            recovery = clock.awaitRecovery();
        } finally {
            load.stop();
        }
        boolean kept = recovery != null && stillHeld(endpoints, faulted, heldKey, holder, before);
        group.member(faulted).close();
        group.startMember(faulted);
        return new TrialResult(recovery, kept, LockFacadeGroup.id(faulted) + " faulted, "
                + clock.timeline());
    }

    /** The same owner gets the same grant back (idempotent tryLock) and another owner is refused. */
    private boolean stillHeld(List<String> endpoints, int faulted, String key, String holder,
                                     LockGrant before) throws InterruptedException {
        int start = (faulted + 1) % endpoints.size();
        LockCalls locks = client.create(endpoints, start, Duration.ZERO);
        LockGrant other = locks.tryLock(TYPE, key, "intruder", HaLimits.LOAD_LEASE.toMillis(), NO_WAIT, deadline())
                .value();
        LockGrant again = locks.tryLock(TYPE, key, holder, HaLimits.HELD_LEASE.toMillis(), NO_WAIT, deadline())
                .value();
        locks.unlock(TYPE, key, holder, deadline());
        return other == null && again != null && again.getFencingToken() == before.getFencingToken();
    }

    private static long deadline() {
        return System.nanoTime() + HaLimits.RECOVERY_CAP.toNanos();
    }
}
