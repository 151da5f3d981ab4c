package io.lockfacade.client.deadlock;

import io.lockfacade.api.deadlock.Wait;
import io.lockfacade.api.deadlock.WaitCycle;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.LongSupplier;

/**
 * The current wait of one thread, written by that thread without allocating, read by the {@link DeadlockChecker},
 * which may mark it as a deadlock's victim. The wait's number is its state: {@link #NONE} (no wait),
 * {@link #UNNUMBERED} (being written), a positive number (waiting), {@link #VICTIM} (chosen, the thread is about to
 * be interrupted) or {@link #TOLD} (interrupted). Its fields are read as a sequence lock: the number before and
 * after the other fields, equal and positive, makes a consistent {@link Wait}.
 *
 * @param <L> how the lock facade names a lock
 */
final class WaitSlot<L> {

    static final long NONE = 0;
    static final long UNNUMBERED = Long.MAX_VALUE;
    static final long VICTIM = -1;
    static final long TOLD = -2;
    private static final int MAX_SPINS = 100;
    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(WaitSlot.class, "sequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long sequence;
    private volatile L lock;
    private volatile long sinceNanos;
    /** The cycle this slot's thread is the victim of; written by the checker before it marks the slot. */
    private volatile WaitCycle<Thread, L> cycle;
    /** The number of the last wait the checker checked; the checker's own field. */
    long checkedSequence;

    /**
     * Makes the wait visible, then numbers it, so that waits are visible in the order of their numbers: when the
     * youngest wait of a cycle is checked, every older wait of it is visible, numbered or two writes from it.
     *
     * @return the wait's number, which {@link #end} needs
     */
    long publish(L waited, LongSupplier numbers) {
        sequence = UNNUMBERED;
        lock = waited;
        sinceNanos = System.nanoTime();
        long number = numbers.getAsLong();
        sequence = number;
        return number;
    }

    /**
     * Ends the wait numbered {@code number}, unless the checker marked it as a victim first.
     *
     * @return {@code true} if ended; {@code false} if it is a victim (then {@link #awaitTold} must follow)
     */
    boolean end(long number) {
        return SEQUENCE.compareAndSet(this, number, NONE);
    }

    /** @return whether the wait numbered {@code number} became the victim of {@code victimOf}; the checker's call */
    boolean markVictim(long number, WaitCycle<Thread, L> victimOf) {
        cycle = victimOf;
        return SEQUENCE.compareAndSet(this, number, VICTIM);
    }

    /** Tells the slot's thread, interrupted by the checker after {@link #markVictim}, that the interrupt is sent. */
    void told() {
        sequence = TOLD;
    }

    /** @return whether the checker marked the current wait as a victim */
    boolean isVictim() {
        long current = sequence;
        return current == VICTIM || current == TOLD;
    }

    /**
     * Waits (a few instructions: the checker's interrupt is on its way) until the checker's interrupt was sent,
     * clears it, and frees the slot; the thread's own call after {@link #end} failed.
     *
     * @return the cycle this thread is the victim of
     */
    WaitCycle<Thread, L> awaitTold() {
        while (sequence != TOLD) {
            Thread.onSpinWait();
        }
        Thread.interrupted(); // the checker's interrupt, consumed here unless the wait already did
        WaitCycle<Thread, L> victimOf = cycle;
        cycle = null;
        lock = null;
        sequence = NONE;
        return victimOf;
    }

    /** @return the current wait once it is numbered (a spin of a few instructions' length), or {@code null} */
    Wait<L> read() {
        for (int spins = 0; ; spins++) {
            long before = sequence;
            if (before == UNNUMBERED) {
                if (spins < MAX_SPINS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield(); // its thread was descheduled between its writes
                }
                continue;
            }
            if (before <= NONE) {
                return null;
            }
            L waited = lock;
            long since = sinceNanos;
            if (waited != null && sequence == before) {
                return new Wait<>(waited, before, since);
            }
        }
    }
}
