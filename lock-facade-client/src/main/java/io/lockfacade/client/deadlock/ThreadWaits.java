package io.lockfacade.client.deadlock;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.deadlock.CycleSearch;
import io.lockfacade.api.deadlock.Wait;
import io.lockfacade.api.deadlock.WaitCycle;
import io.lockfacade.api.deadlock.WaitView;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The waits of one JVM's threads for the locks of one lock facade, and the deadlock check each waiting thread runs
 * on itself once its wait has lasted the check delay. No thread of its own, and little on the way of a wait that
 * ends sooner: nothing if the lock is free or the wait cannot last the delay, else two writes to the waiting
 * thread's own slot (the slot is made once per thread, and forgotten with the thread).
 *
 * <p>The victim of a cycle is its youngest wait, which is the wait that closed it (every other thread of the
 * cycle took what it holds before it began to wait, so the cycle stood from the moment the youngest wait began).
 * Each waiting thread searches from its own wait; it fails with {@link DeadlockException} only if it is the
 * youngest of the cycle and a second read confirms the cycle ({@link CycleSearch#isStillStanding}), and otherwise
 * waits on: the youngest runs its own check at most one delay later and finds the same cycle.
 *
 * @param <L> how the lock facade names a lock
 */
public final class ThreadWaits<L> implements WaitView<Thread, L> {

    /** The number of a wait published but not numbered yet; never a real number. */
    private static final long UNNUMBERED = Long.MAX_VALUE;
    private static final int MAX_SPINS = 100;

    private final DeadlockDetection detection;
    private final Function<? super L, ? extends Collection<Thread>> holdersOf;
    private final Function<? super Thread, String> threadName;
    private final Function<? super L, String> lockName;
    private final Consumer<? super L> victims;
    private final Map<Thread, Slot<L>> slots = Collections.synchronizedMap(new WeakHashMap<>());
    private final ThreadLocal<Slot<L>> slotOfThread = ThreadLocal.withInitial(this::newSlot);
    private final AtomicLong sequence = new AtomicLong();

    /**
     * @param detection  on or off, and the check delay
     * @param holderOf   the thread holding a lock right now, {@code null} if none (racy reads are fine)
     * @param threadName how a thread is named in the exception's message
     * @param lockName   how a lock is named in the exception's message
     * @param victims    told the lock a victim waited for, before its exception is thrown (for metrics)
     */
    public ThreadWaits(DeadlockDetection detection, Function<? super L, Thread> holderOf,
                       Function<? super Thread, String> threadName, Function<? super L, String> lockName,
                       Consumer<? super L> victims) {
        this(detection, threadName, lockName, victims, singleHolder(Objects.requireNonNull(holderOf, "holderOf")));
    }

    /**
     * Waits for locks that may have several holders (read locks): a wait waits for every thread {@code holdersOf}
     * names, so it must name only threads the wait cannot do without (a write lock's readers, not a read lock's).
     *
     * @param holdersOf the threads holding what a wait waits for, right now (racy reads are fine); never null
     * @see #ThreadWaits(DeadlockDetection, Function, Function, Function, Consumer)
     */
    public static <L> ThreadWaits<L> withHolders(DeadlockDetection detection,
                                                 Function<? super L, ? extends Collection<Thread>> holdersOf,
                                                 Function<? super Thread, String> threadName,
                                                 Function<? super L, String> lockName, Consumer<? super L> victims) {
        return new ThreadWaits<>(detection, threadName, lockName, victims,
                Objects.requireNonNull(holdersOf, "holdersOf"));
    }

    private ThreadWaits(DeadlockDetection detection, Function<? super Thread, String> threadName,
                        Function<? super L, String> lockName, Consumer<? super L> victims,
                        Function<? super L, ? extends Collection<Thread>> holdersOf) {
        this.detection = Objects.requireNonNull(detection, "detection");
        this.holdersOf = holdersOf;
        this.threadName = Objects.requireNonNull(threadName, "threadName");
        this.lockName = Objects.requireNonNull(lockName, "lockName");
        this.victims = Objects.requireNonNull(victims, "victims");
    }

    /**
     * Takes a lock through {@code attempt}, checking for a deadlock once the wait has lasted the check delay.
     *
     * @param timeoutNanos how long the caller may wait at most ({@link TimedAttempt#NO_CAP} for ever); a wait that
     *                     cannot last the check delay is not recorded, since it cannot be part of a reported cycle
     * @return whether the lock is now held
     * @throws DeadlockException    if this wait is the youngest of a confirmed cycle; nothing new is held
     * @throws InterruptedException if the attempt was interrupted
     */
    public boolean await(L lock, long timeoutNanos, TimedAttempt attempt) throws InterruptedException {
        long delayNanos = detection.checkDelay().toNanos();
        if (!detection.enabled() || timeoutNanos <= delayNanos) {
            return attempt.tryFor(TimedAttempt.NO_CAP);
        }
        if (attempt.tryFor(0)) {
            return true;
        }
        Slot<L> slot = slotOfThread.get();
        try {
            publish(slot, lock);
            if (attempt.tryFor(delayNanos)) {
                return true;
            }
            failIfVictim(Thread.currentThread());
            return attempt.tryFor(TimedAttempt.NO_CAP);
        } finally {
            slot.current = null;
        }
    }

    @Override
    public Wait<L> waitOf(Thread thread) {
        Slot<L> slot = slots.get(thread);
        return slot == null ? null : numbered(slot);
    }

    @Override
    public Collection<Thread> holdersOf(L lock) {
        return holdersOf.apply(lock);
    }

    private static <L> Function<L, Collection<Thread>> singleHolder(Function<? super L, Thread> holderOf) {
        return lock -> {
            Thread holder = holderOf.apply(lock);
            return holder == null ? List.of() : List.of(holder);
        };
    }

    /** @return how many threads wait long enough to be checked, right now */
    public int waitCount() {
        synchronized (slots) {
            return (int) slots.values().stream().filter(slot -> slot.current != null).count();
        }
    }

    /**
     * Makes the wait visible, then numbers it, so that waits are visible in the order of their numbers: a wait is
     * published (as not yet numbered) before it takes its number, so when the youngest wait of a cycle checks,
     * every older wait of it is visible, numbered or about to be ({@link #waitOf} waits for the number, which is
     * two writes away). Numbering first and publishing later let a younger wait check before an older one was
     * visible, while the older one, seeing the cycle, left it to the younger: a deadlock missed by both. No lock is
     * taken: waiting threads do not queue behind each other to be numbered.
     */
    private void publish(Slot<L> slot, L lock) {
        long since = System.nanoTime();
        slot.current = new Wait<>(lock, UNNUMBERED, since);
        slot.current = new Wait<>(lock, sequence.incrementAndGet(), since);
    }

    /** @return the slot's wait once it is numbered (a spin of a few instructions' length), or {@code null} */
    private static <L> Wait<L> numbered(Slot<L> slot) {
        Wait<L> wait = slot.current;
        for (int spins = 0; wait != null && wait.sequence() == UNNUMBERED; spins++) {
            if (spins < MAX_SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // its thread was descheduled between its two writes
            }
            wait = slot.current;
        }
        return wait;
    }

    private Slot<L> newSlot() {
        Slot<L> slot = new Slot<>();
        slots.put(Thread.currentThread(), slot);
        return slot;
    }

    /** The wait of one thread, written by that thread only. */
    private static final class Slot<L> {
        volatile Wait<L> current;
    }

    private void failIfVictim(Thread current) {
        Optional<WaitCycle<Thread, L>> cycle = CycleSearch.through(this, current);
        if (cycle.isPresent() && cycle.get().victim() == current && CycleSearch.isStillStanding(this, cycle.get())) {
            L lock = cycle.get().victimEdge().waiting().lock();
            victims.accept(lock);
            throw cycle.get().toException(threadName, lockName);
        }
    }
}
