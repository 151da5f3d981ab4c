package io.lockfacade.client.transport;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.transport.AbandonedAcquisitions.Acquisition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Releases a group's leader answered before they were durable ({@link MemoryLockService#unlockEarly}), kept until
 * they are known to have taken effect. A leader that fails between its early answer and the commit may lose a
 * release, and the lock would stay held by the owner's live session; so each release is either
 * <ul>
 *   <li><b>settled</b> in the background once it is {@link #SETTLE_AFTER_MILLIS} old
 *       ({@link MemoryLockService#settleReleases}, one call per owner for up to
 *       {@link HeldLock#MAX_PER_CALL} releases: the leader releases what is still held under the token, usually
 *       nothing, and answers once every named release has taken effect), retried until a leader answers; or</li>
 *   <li><b>superseded</b> by the same owner asking for the same lock again ({@link #beforeAcquiring}). If no settle
 *       was sent for it, the release is dropped: the acquisition finds the lock released, or, if the release was
 *       lost, is answered with the same grant, which is what the owner now wants. If a settle was sent, its outcome
 *       is not left to chance: the acquisition waits for it and settles the release itself first, since a settle
 *       arriving after an acquisition answered with the same grant would release the lock the owner was just told
 *       it holds. It does so within its own deadline, or fails ({@link LockServiceUnavailableException}).</li>
 * </ul>
 * Thread-safe.
 */
final class PendingReleases {

    /**
     * Age at which a release is settled in the background. A release normally commits within a few ms of its early
     * answer, and an owner that takes the same lock again sooner supersedes it without any call.
     */
    static final long SETTLE_AFTER_MILLIS = 1_000;


    /** How to settle the releases of one owner: throws if no leader answered by the deadline. */
    @FunctionalInterface
    interface Settle {
        /**
         * @param grants        the releases, as {@link HeldLock#encode} writes them
         * @param deadlineNanos when the call must have ended ({@link System#nanoTime()})
         */
        void settle(String owner, String grants, long deadlineNanos);
    }

    /** One release answered early: the lock and owner, the released grant's token, and whether a settle was sent. */
    private static final class Release {
        final Acquisition lock;
        final long token;
        final long answeredNanos;
        boolean settleSent;
        boolean dropped;

        Release(Acquisition lock, long token) {
            this.lock = lock;
            this.token = token;
            this.answeredNanos = System.nanoTime();
        }
    }

    private final Map<Acquisition, Release> pending = new ConcurrentHashMap<>();
    /** Held while a settle call is out, so that an acquisition can wait for it. */
    private final ReentrantLock settling = new ReentrantLock();
    private final Settle settle;
    private final long backgroundBudgetNanos;
    private final ScheduledThreadPoolExecutor settler;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final LongAdder settledInBackground = new LongAdder();

    /**
     * @param settle           asks the group's leader to settle releases
     * @param backgroundBudget how long one background settle call may take (the client's read timeout)
     */
    PendingReleases(Settle settle, Duration backgroundBudget) {
        this.settle = settle;
        this.backgroundBudgetNanos = backgroundBudget.toNanos();
        this.settler = BackgroundThread.named("lock-facade-release-settler");
    }

    /** Keeps a release the leader answered early, naming the released grant by its token. */
    void answeredEarly(Acquisition lock, long token) {
        pending.put(lock, new Release(lock, token));
        scheduleSettle(SETTLE_AFTER_MILLIS);
    }

    /**
     * Called before the owner asks for the lock again: drops its pending release, or settles it first if a settle
     * for it was sent (see the class comment), waiting for a settle call in flight but not past
     * {@code deadlineNanos}.
     *
     * @throws RuntimeException what the settle threw, or {@link LockServiceUnavailableException} if it could not be
     *                          settled by the deadline: the acquisition cannot go ahead yet
     */
    void beforeAcquiring(Acquisition lock, long deadlineNanos) {
        Release release = pending.get(lock);
        if (release == null) {
            return;
        }
        synchronized (release) {
            if (!release.settleSent) {
                release.dropped = true;
                pending.remove(lock, release);
                return;
            }
        }
        lockSettling(lock, deadlineNanos);
        try {
            if (pending.get(lock) == release) {
                settle.settle(lock.owner(), HeldLock.encode(List.of(grant(release))), deadlineNanos);
                pending.remove(lock, release);
            }
        } finally {
            settling.unlock();
        }
    }

    private void lockSettling(Acquisition lock, long deadlineNanos) {
        boolean locked;
        try {
            locked = settling.tryLock(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LockServiceUnavailableException("interrupted while the release of " + lock
                    + " answered early was being settled", e);
        }
        if (!locked) {
            throw new LockServiceUnavailableException("the release of " + lock + " answered early is still being "
                    + "settled: not asked again before the caller's deadline", null);
        }
    }

    /** @return how many releases are kept, not yet known to have taken effect */
    int size() {
        return pending.size();
    }

    /** @return how many releases were settled in the background (not superseded) since this client started */
    long settledInBackground() {
        return settledInBackground.sum();
    }

    private void scheduleSettle(long delayMillis) {
        if (scheduled.compareAndSet(false, true)) {
            settler.schedule(this::settleDue, delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void settleDue() {
        scheduled.set(false);
        long dueBefore = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(SETTLE_AFTER_MILLIS);
        settling.lock();
        try {
            for (List<Release> batch : dueByOwner(dueBefore)) {
                try {
                    settle.settle(batch.get(0).lock.owner(), HeldLock.encode(batch.stream().map(PendingReleases::grant)
                            .toList()), System.nanoTime() + backgroundBudgetNanos);
                    batch.forEach(release -> pending.remove(release.lock, release));
                    settledInBackground.add(batch.size());
                } catch (RuntimeException noLeaderYet) {
                    // kept, marked as sent: tried again at the next round, or by the owner's next acquisition
                }
            }
        } finally {
            settling.unlock();
        }
        if (!pending.isEmpty()) {
            scheduleSettle(AbandonedAcquisitions.RETRY_MILLIS);
        }
    }

    /** Marks the due releases as being settled and groups them by owner, at most a call's worth each. */
    private List<List<Release>> dueByOwner(long dueBeforeNanos) {
        Map<String, List<Release>> byOwner = new LinkedHashMap<>();
        List<List<Release>> batches = new ArrayList<>();
        for (Release release : pending.values()) {
            synchronized (release) {
                if (release.dropped || release.answeredNanos - dueBeforeNanos > 0) {
                    continue;
                }
                release.settleSent = true;
            }
            List<Release> batch = byOwner.computeIfAbsent(release.lock.owner(), owner -> new ArrayList<>());
            batch.add(release);
            if (batch.size() == HeldLock.MAX_PER_CALL) {
                batches.add(byOwner.remove(release.lock.owner()));
            }
        }
        batches.addAll(byOwner.values());
        return batches;
    }

    private static HeldLock grant(Release release) {
        return new HeldLock(release.lock.lockType(), release.lock.key(), release.token);
    }
}
