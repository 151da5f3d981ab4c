package io.lockfacade.bench.ha;

import com.hazelcast.cp.lock.FencedLock;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One fault trial against Hazelcast CP, mirroring {@link LockFacadeFaultTrial}: a fresh 3-member cluster, a
 * {@code FencedLock} held by its own client thread, {@link HaLimits#LOAD_THREADS} clients (one
 * {@code HazelcastClient} and one thread each, lock proxies created before the fault) locking and unlocking their
 * own locks, then the CP leader crashed or hung.
 */
final class HazelcastFaultTrial {

    private final Path runDir;

    /** @param runDir where each trial's cluster keeps its logs */
    HazelcastFaultTrial(Path runDir) {
        this.runDir = runDir;
    }

    /**
     * Runs trial number {@code trial} of {@code fault} on a fresh cluster; a cluster that does not form a healthy CP
     * group before the fault (seen on a host loaded far past its cores) is replaced, up to
     * {@link HaLimits#SETUP_ATTEMPTS} times.
     *
     * @throws IllegalStateException if no attempt got a healthy cluster
     */
    TrialResult run(FaultKind fault, int trial) throws Exception {
        IllegalStateException failure = new IllegalStateException("no healthy Hazelcast CP cluster for " + fault
                + " trial " + trial + " in " + HaLimits.SETUP_ATTEMPTS + " attempts");
        for (int attempt = 0; attempt < HaLimits.SETUP_ATTEMPTS; attempt++) {
            try {
                return attempt(fault, runDir.resolve("hz-" + fault + "-" + trial + "-" + attempt));
            } catch (TimeoutException | ExecutionException | IllegalStateException e) {
                failure.addSuppressed(e);
            }
        }
        throw failure;
    }

    private TrialResult attempt(FaultKind fault, Path dir) throws Exception {
        ExecutorService holderThread = Executors.newSingleThreadExecutor(daemon("hz-holder"));
        try (HazelcastCpGroup group = new HazelcastCpGroup(dir)) {
            // Client start and proxy creation block while the CP group forms: bounded here, not by Hazelcast.
            FencedLock held = holderThread.submit(() -> group.newClient().getCPSubsystem().getLock("held"))
                    .get(HaLimits.SETUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            long fence = holderThread.submit(held::lockAndGetFence).get(HaLimits.SETUP_TIMEOUT.toMillis(),
                    TimeUnit.MILLISECONDS);
            List<FencedLock> loadLocks = new ArrayList<>();
            for (int i = 0; i < HaLimits.LOAD_THREADS; i++) {
                String name = "load-" + i;
                loadLocks.add(holderThread.submit(() -> group.newClient().getCPSubsystem().getLock(name))
                        .get(HaLimits.SETUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
            }
            RecoveryClock clock = new RecoveryClock();
            long grace = HaLimits.STALE_REPLY_GRACE.toNanos();
            LoadThreads load = new LoadThreads("hz-load", HaLimits.LOAD_THREADS, i -> () -> {
                FencedLock lock = loadLocks.get(i);
                lock.lock();
                clock.granted(System.nanoTime(), RecoveryClock.UNKNOWN_MEMBER, grace);
                lock.unlock();
            });
            Double recovery;
            int leader;
            try {
                clock.awaitWarm();
                leader = group.awaitLeader();
                clock.faultNow(leader);
                fault.apply(group.member(leader));
                recovery = clock.awaitRecovery();
            } finally {
                load.stop();
            }
            boolean kept = recovery != null && stillHeld(holderThread, held, fence);
            return new TrialResult(recovery, kept, "hz" + (leader + 1) + " faulted");
        } finally {
            holderThread.shutdownNow();
        }
    }

    /** The holder thread still owns the lock, with the fence it was granted. */
    private static boolean stillHeld(ExecutorService holderThread, FencedLock held, long fence)
            throws InterruptedException {
        try {
            return holderThread.submit(() -> held.isLockedByCurrentThread() && held.getFence() == fence)
                    .get(HaLimits.RECOVERY_CAP.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
