package io.lockfacade.client.deadlock;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.deadlock.CycleSearch;
import io.lockfacade.api.deadlock.Wait;
import io.lockfacade.api.deadlock.WaitCycle;
import io.lockfacade.api.deadlock.WaitView;

import java.util.ArrayList;
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
import java.util.function.LongSupplier;

/**
 * The waits of one JVM's threads for the locks of one lock facade, and their deadlock checks. A waiting thread
 * parks as it would without detection; what detection adds to a wait that must park is a few writes to the
 * thread's own slot (made once per thread, forgotten with it) and one volatile read. One checker thread per
 * instance ({@link DeadlockChecker}, started on demand, ended when idle) checks each wait once it has lasted the
 * check delay.
 *
 * <p>The victim of a cycle is its youngest wait, which is the wait that closed it (every other thread of the
 * cycle took what it holds before it began to wait, so the cycle stood from the moment the youngest wait began).
 * The checker searches from the due wait; on a cycle confirmed by a second read ({@link CycleSearch#isStillStanding})
 * it marks the youngest wait's slot and interrupts that thread, which leaves its wait and throws
 * {@link DeadlockException} (the interrupt is consumed: the caller never sees it). The waits are interruptible
 * underneath for this reason; an uninterruptible caller's own interrupts are kept for it and set again on return.
 *
 * @param <L> how the lock facade names a lock
 */
public final class ThreadWaits<L> implements WaitView<Thread, L> {

    private final DeadlockDetection detection;
    private final Function<? super L, ? extends Collection<Thread>> holdersOf;
    private final Function<? super Thread, String> threadName;
    private final Function<? super L, String> lockName;
    private final Consumer<? super L> victims;
    private final Map<Thread, WaitSlot<L>> slots = Collections.synchronizedMap(new WeakHashMap<>());
    private final ThreadLocal<WaitSlot<L>> slotOfThread = ThreadLocal.withInitial(this::newSlot);
    private final AtomicLong sequence = new AtomicLong();
    private final LongSupplier nextNumber = sequence::incrementAndGet;
    private final long delayNanos;
    private final DeadlockChecker<L> checker;

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
        this.delayNanos = detection.checkDelay().toNanos();
        this.checker = new DeadlockChecker<>(delayNanos, this::slotsNow, this::check);
    }

    /**
     * Takes a lock through {@code attempt}; a wait that lasts the check delay is checked for a deadlock.
     *
     * @param timeoutNanos  how long the caller may wait at most ({@link TimedAttempt#NO_CAP} for ever); a wait that
     *                      cannot last the check delay is not recorded, since it cannot be part of a reported cycle
     * @param interruptible whether the caller's interrupt ends the wait; if not, it is set again on return
     * @param attempt       interruptible waits for the lock: the checker's interrupt must end them
     * @return whether the lock is now held
     * @throws DeadlockException    if this wait is the youngest of a confirmed cycle; nothing new is held
     * @throws InterruptedException if interruptible and interrupted
     */
    public boolean await(L lock, long timeoutNanos, boolean interruptible, TimedAttempt attempt)
            throws InterruptedException {
        if (interruptible && Thread.interrupted()) {
            throw new InterruptedException();
        }
        boolean interrupted = !interruptible && Thread.interrupted();
        try {
            if (detection.enabled() && timeoutNanos > delayNanos) {
                return attempt.tryFor(0) || checkedWait(lock, interruptible, attempt);
            }
            while (true) {
                try {
                    return attempt.tryFor(TimedAttempt.NO_CAP);
                } catch (InterruptedException e) {
                    if (interruptible) {
                        throw e;
                    }
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private boolean checkedWait(L lock, boolean interruptible, TimedAttempt attempt) throws InterruptedException {
        WaitSlot<L> slot = slotOfThread.get();
        long number = slot.publish(lock, nextNumber);
        checker.waitBegan();
        boolean acquired = false;
        boolean interrupted = false;
        WaitCycle<Thread, L> victimOf = null;
        try {
            while (!slot.isVictim()) {
                try {
                    acquired = attempt.tryFor(TimedAttempt.NO_CAP);
                    break;
                } catch (InterruptedException e) {
                    if (slot.isVictim()) {
                        break;
                    }
                    if (interruptible) {
                        throw e;
                    }
                    interrupted = true;
                }
            }
        } finally {
            if (!slot.end(number)) {
                victimOf = slot.awaitTold();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (victimOf == null || acquired) {
            return acquired; // told too late: a wait of the cycle had ended and this one got its lock; keep it
        }
        victims.accept(lock);
        throw victimOf.toException(threadName, lockName);
    }

    @Override
    public Wait<L> waitOf(Thread thread) {
        WaitSlot<L> slot = slots.get(thread);
        return slot == null ? null : slot.read();
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

    /** Ends the checker thread for good (the lock facade is closed): later waits are not checked. */
    public void stopChecking() {
        checker.close();
    }

    /** @return how many threads wait long enough to be checked, right now */
    public int waitCount() {
        synchronized (slots) {
            return (int) slots.values().stream().filter(slot -> slot.read() != null).count();
        }
    }

    private WaitSlot<L> newSlot() {
        WaitSlot<L> slot = new WaitSlot<>();
        slots.put(Thread.currentThread(), slot);
        return slot;
    }

    private List<Map.Entry<Thread, WaitSlot<L>>> slotsNow() {
        List<Map.Entry<Thread, WaitSlot<L>>> now = new ArrayList<>();
        synchronized (slots) {
            slots.forEach((thread, slot) -> now.add(Map.entry(thread, slot)));
        }
        return now;
    }

    /** The checker's search from a due wait: tells the youngest wait of a confirmed cycle through it. */
    private void check(Thread waiter) {
        Optional<WaitCycle<Thread, L>> found = CycleSearch.through(this, waiter);
        if (found.isEmpty() || !CycleSearch.isStillStanding(this, found.get())) {
            return;
        }
        WaitCycle<Thread, L> cycle = found.get();
        Thread victim = cycle.victim();
        WaitSlot<L> slot = slots.get(victim);
        if (slot != null && slot.markVictim(cycle.victimEdge().waiting().sequence(), cycle)) {
            victim.interrupt();
            slot.told();
        }
    }
}
