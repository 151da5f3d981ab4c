package io.lockfacade.bench.ha;

import io.lockfacade.api.LockGrant;

import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.FailoverMemoryLockService;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        return run(fault, trial, false);
    }

    /**
     * Runs trial number {@code trial} of a leader crash {@link HaLimits#RESTART_TO_FAULT} after a follower was
     * killed and restarted, under the trial's load: the restarted follower must be current by then, or the group
     * cannot replace its leader quickly.
     */
    TrialResult runAfterFollowerRestart(int trial) throws InterruptedException, IOException {
        return run(FaultKind.CRASH, trial, true);
    }

    private TrialResult run(FaultKind fault, int trial, boolean restartFollowerFirst)
            throws InterruptedException, IOException {
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
        String probe = "";
        try {
            clock.awaitWarm();
            group.awaitEveryMemberWarm();
            if (restartFollowerFirst) {
                int follower = (group.awaitAgreedLeader() + 1) % HaLimits.MEMBERS;
                group.member(follower).crash();
                group.member(follower).close();
                group.startMember(follower);
                Thread.sleep(HaLimits.RESTART_TO_FAULT.toMillis());
                probe = LockFacadeGroup.id(follower) + " restarted " + HaLimits.RESTART_TO_FAULT.toMillis()
                        + " ms before the fault; ";
            }
            // Leadership may have moved while the load warmed up (a loaded host sees spurious elections): fault the
            // member that leads now.
            faulted = group.awaitAgreedLeader();
            clock.faultNow(faulted);
            fault.apply(group.member(faulted));
            if (fault == FaultKind.HANG) {
                probe = shortWaitProbe(endpoints, fault, trial);
            }
            recovery = clock.awaitRecovery();
        } finally {
            load.stop();
        }
        boolean kept = recovery != null && stillHeld(endpoints, faulted, heldKey, holder, before);
        group.member(faulted).close();
        group.startMember(faulted);
        return new TrialResult(recovery, kept, probe + LockFacadeGroup.id(faulted) + " faulted, "
                + clock.timeline());
    }

    /**
     * One {@code tryLock} with a {@link HaLimits#SHORT_WAIT} wait on a held key, made through the Java client right
     * after the leader froze (its board still names the frozen leader): it must return by its wait plus the
     * client's bound.
     *
     * @return how long it took and what it answered, for the trial's note
     */
    private static String shortWaitProbe(List<String> endpoints, FaultKind fault, int trial) {
        FailoverMemoryLockService fresh = new FailoverMemoryLockService(endpoints.stream().map(URI::create).toList(),
                ClientTransportSettings.defaults());
        long start = System.nanoTime();
        String answer;
        try {
            answer = String.valueOf(fresh.tryLock(TYPE, "held-" + fault + "-" + trial, "short-waiter",
                    HaLimits.LOAD_LEASE.toMillis(), HaLimits.SHORT_WAIT.toMillis()));
        } catch (RuntimeException failed) {
            answer = failed.getClass().getSimpleName();
        }
        return "tryLock(" + HaLimits.SHORT_WAIT.toMillis() + " ms) after the freeze returned in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms (" + answer + "); ";
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
