package io.lockfacade.client.transport;

import io.lockfacade.api.LockServiceUnavailableException;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Acquisitions a caller gave up on without knowing their outcome (an attempt was still unanswered at the call's
 * deadline, so the master may have granted it): each is released in the background by its owner, and settled
 * before that owner asks for the same lock again. Releasing by owner is safe only because of that rule: a retried
 * {@code tryLock} of the same owner is answered with the same grant, so a release still pending could otherwise
 * free a lock the owner has just been told it holds. The owner's next acquisition waits for that settling no
 * longer than its own deadline: it fails then instead ({@link LockServiceUnavailableException}). Thread-safe.
 */
final class AbandonedAcquisitions {

    /** Pause between two background attempts of a release that found no leader. */
    static final long RETRY_MILLIS = 250;

    /** A pending release is given up after this long: the grant's lease (at most the master's cap) ends it anyway. */
    static final long GIVE_UP_MILLIS = TimeUnit.HOURS.toMillis(24);


    /** The lock and owner of an abandoned acquisition. */
    record Acquisition(String lockType, String key, String owner) {
    }

    /** How to release one: throws if no leader answered by the deadline. */
    @FunctionalInterface
    interface Release {
        /** @param deadlineNanos when the call must have ended ({@link System#nanoTime()}) */
        void release(Acquisition acquisition, long deadlineNanos);
    }

    private final Map<Acquisition, Pending> pending = new ConcurrentHashMap<>();
    private final Release release;
    private final long backgroundBudgetNanos;
    private final ScheduledThreadPoolExecutor releaser;

    /**
     * @param release          asks the group to release a lock of an owner, failing if no leader answers
     * @param backgroundBudget how long one background attempt may take (the client's read timeout)
     */
    AbandonedAcquisitions(Release release, Duration backgroundBudget) {
        this.release = release;
        this.backgroundBudgetNanos = backgroundBudget.toNanos();
        // a release may wait out a silent group for hours (each attempt up to the read timeout): on this client's
        // own thread, it never holds up the releases of another client's group
        this.releaser = BackgroundThread.named("lock-facade-abandoned-releases");
    }

    /** Records an acquisition given up on and starts releasing it in the background. */
    void abandon(Acquisition acquisition) {
        Pending entry = pending.compute(acquisition, (key, old) -> old == null || old.settled ? new Pending(key) : old);
        releaser.execute(() -> entry.settleInBackground(System.nanoTime()));
    }

    /**
     * Releases an abandoned acquisition of this lock and owner, if one is pending, before the owner asks again;
     * waits for a background release of it in flight, but not past {@code deadlineNanos}.
     *
     * @throws RuntimeException what the release threw, or {@link LockServiceUnavailableException} if it was not
     *                          settled by the deadline: the acquisition cannot go ahead yet
     */
    void settleBefore(Acquisition acquisition, long deadlineNanos) {
        Pending entry = pending.get(acquisition);
        if (entry != null) {
            entry.settleBy(deadlineNanos);
        }
    }

    /** @return whether a release of this lock and owner is still pending */
    boolean isPending(Acquisition acquisition) {
        return pending.containsKey(acquisition);
    }

    private final class Pending {
        private final Acquisition acquisition;
        /** Held while this release is being made, by the background or by the owner's next acquisition. */
        private final ReentrantLock releasing = new ReentrantLock();
        private volatile boolean settled;

        Pending(Acquisition acquisition) {
            this.acquisition = acquisition;
        }

        void settleBy(long deadlineNanos) {
            boolean locked;
            try {
                locked = releasing.tryLock(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LockServiceUnavailableException("interrupted while an earlier acquisition of "
                        + acquisition + " was being released", e);
            }
            if (!locked) {
                throw new LockServiceUnavailableException("an earlier acquisition of " + acquisition
                        + " given up on is still being released: not asked again before the caller's deadline", null);
            }
            try {
                if (!settled) {
                    release.release(acquisition, deadlineNanos);
                    settled = true;
                    pending.remove(acquisition, this);
                }
            } finally {
                releasing.unlock();
            }
        }

        void settleInBackground(long startNanos) {
            try {
                settleBy(System.nanoTime() + backgroundBudgetNanos);
            } catch (RuntimeException noLeaderYet) {
                if (System.nanoTime() - startNanos < TimeUnit.MILLISECONDS.toNanos(GIVE_UP_MILLIS)) {
                    releaser.schedule(() -> settleInBackground(startNanos), RETRY_MILLIS, TimeUnit.MILLISECONDS);
                } else {
                    pending.remove(acquisition, this);
                }
            }
        }
    }
}
