package io.lockfacade.client.transport;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Acquisitions a caller gave up on without knowing their outcome (an attempt was still unanswered at the call's
 * deadline, so the master may have granted it): each is released in the background by its owner, and settled
 * before that owner asks for the same lock again. Releasing by owner is safe only because of that rule: a retried
 * {@code tryLock} of the same owner is answered with the same grant, so a release still pending could otherwise
 * free a lock the owner has just been told it holds. Thread-safe.
 */
final class AbandonedAcquisitions {

    /** Pause between two background attempts of a release that found no leader. */
    static final long RETRY_MILLIS = 250;

    /** A pending release is given up after this long: the grant's lease (at most the master's cap) ends it anyway. */
    static final long GIVE_UP_MILLIS = TimeUnit.HOURS.toMillis(24);


    /** The lock and owner of an abandoned acquisition. */
    record Acquisition(String lockType, String key, String owner) {
    }

    /** How to release one: throws if no leader answered. */
    @FunctionalInterface
    interface Release {
        void release(Acquisition acquisition);
    }

    private final Map<Acquisition, Pending> pending = new ConcurrentHashMap<>();
    private final Release release;
    private final ScheduledThreadPoolExecutor releaser;

    /** @param release asks the group to release a lock of an owner, failing if no leader answers */
    AbandonedAcquisitions(Release release) {
        this.release = release;
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
     * Releases an abandoned acquisition of this lock and owner, if one is pending, before the owner asks again.
     *
     * @throws RuntimeException what the release threw: the acquisition cannot go ahead yet
     */
    void settleBefore(Acquisition acquisition) {
        Pending entry = pending.get(acquisition);
        if (entry != null) {
            entry.settle();
        }
    }

    /** @return whether a release of this lock and owner is still pending */
    boolean isPending(Acquisition acquisition) {
        return pending.containsKey(acquisition);
    }

    private final class Pending {
        private final Acquisition acquisition;
        private volatile boolean settled;

        Pending(Acquisition acquisition) {
            this.acquisition = acquisition;
        }

        synchronized void settle() {
            if (!settled) {
                release.release(acquisition);
                settled = true;
                pending.remove(acquisition, this);
            }
        }

        void settleInBackground(long startNanos) {
            try {
                settle();
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
