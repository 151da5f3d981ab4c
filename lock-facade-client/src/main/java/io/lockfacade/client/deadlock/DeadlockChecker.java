package io.lockfacade.client.deadlock;

import io.lockfacade.api.deadlock.Wait;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one thread that checks the waits of a {@link ThreadWaits}, each once it has lasted the check delay, so that
 * a waiting thread parks exactly as it would without detection (no timed park, no wake-up of its own). It sleeps
 * until the next unchecked wait is due. A wait that begins while other waits are pending costs one volatile read
 * here (a younger wait is never due before an older one); only a wait that begins while the checker is idle wakes
 * it. After a minute idle the thread ends; the next wait starts a new one. {@link #close} ends it for good.
 *
 * @param <L> how the lock facade names a lock
 */
final class DeadlockChecker<L> {

    private static final int RUNNING = 0;
    private static final int IDLE = 1;
    private static final int STOPPED = 2;
    /** For good: {@link #close} was called. */
    private static final int CLOSED = 3;
    private static final long IDLE_LIFETIME_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final System.Logger LOG = System.getLogger(DeadlockChecker.class.getName());

    private final long delayNanos;
    private final Supplier<List<Map.Entry<Thread, WaitSlot<L>>>> slots;
    private final Consumer<Thread> check;
    private final AtomicInteger state = new AtomicInteger(STOPPED);
    private volatile Thread thread;

    /**
     * @param delayNanos how long a wait lasts before it is checked
     * @param slots      every thread's slot, read fresh on each pass
     * @param check      searches for a cycle through the waiting thread, and tells its victim
     */
    DeadlockChecker(long delayNanos, Supplier<List<Map.Entry<Thread, WaitSlot<L>>>> slots, Consumer<Thread> check) {
        this.delayNanos = delayNanos;
        this.slots = slots;
        this.check = check;
    }

    /** Called by a thread after it published its wait: wakes or starts the checker if it is not running. */
    void waitBegan() {
        while (true) {
            int current = state.get();
            if (current == RUNNING || current == CLOSED) {
                return;
            }
            if (current == IDLE && state.compareAndSet(IDLE, RUNNING)) {
                LockSupport.unpark(thread);
                return;
            }
            if (current == STOPPED && state.compareAndSet(STOPPED, RUNNING)) {
                Thread checker = new Thread(this::run, "lock-facade-deadlock-check");
                checker.setDaemon(true);
                thread = checker;
                checker.start();
                return;
            }
        }
    }

    /** Ends the checker thread, if any, for good: later waits are not checked. */
    void close() {
        state.set(CLOSED);
        Thread checker = thread;
        if (checker != null) {
            LockSupport.unpark(checker);
        }
    }

    private void run() {
        boolean stopped = false;
        try {
            while (state.get() != CLOSED) {
                long sleepNanos = checkDueWaits();
                if (sleepNanos > 0) {
                    LockSupport.parkNanos(this, sleepNanos);
                    continue;
                }
                // A wait published before the state read IDLE did not wake this thread: look once more.
                if (!state.compareAndSet(RUNNING, IDLE)) {
                    continue; // closed
                }
                if (checkDueWaits() > 0) {
                    state.compareAndSet(IDLE, RUNNING);
                } else if (!stayedIdle()) {
                    stopped = true;
                    return;
                }
            }
        } finally {
            if (!stopped && !state.compareAndSet(RUNNING, STOPPED)) {
                state.compareAndSet(IDLE, STOPPED); // ended by an error: the next wait starts a new checker
            }
        }
    }

    /** @return {@code false} if the thread ended its life (stopped), {@code true} if woken for a new wait */
    private boolean stayedIdle() {
        long since = System.nanoTime();
        while (state.get() == IDLE) {
            long idleNanos = System.nanoTime() - since;
            if (idleNanos >= IDLE_LIFETIME_NANOS) {
                return !state.compareAndSet(IDLE, STOPPED);
            }
            LockSupport.parkNanos(this, IDLE_LIFETIME_NANOS - idleNanos);
        }
        return true;
    }

    /** @return how long until the next unchecked wait is due, or 0 if no wait is left to check */
    private long checkDueWaits() {
        long now = System.nanoTime();
        long nextDueIn = Long.MAX_VALUE;
        boolean pending = false;
        for (Map.Entry<Thread, WaitSlot<L>> entry : slots.get()) {
            WaitSlot<L> slot = entry.getValue();
            Wait<L> wait = slot.read();
            if (wait == null || wait.sequence() == slot.checkedSequence) {
                continue;
            }
            long dueIn = wait.sinceNanos() + delayNanos - now;
            if (dueIn > 0) {
                pending = true;
                nextDueIn = Math.min(nextDueIn, dueIn);
                continue;
            }
            slot.checkedSequence = wait.sequence();
            try {
                check.accept(entry.getKey());
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "deadlock check of " + entry.getKey().getName() + " failed", e);
            }
        }
        return pending ? nextDueIn : 0;
    }
}
