package io.lockfacade.client.semaphore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The permits of one semaphore in one JVM: a capacity, the permits each thread holds, and the threads waiting, served
 * strictly first come, first served (a call for many permits is not overtaken by later calls for few, and a call
 * that does not wait takes nothing while others wait).
 */
final class FairPermits {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private final Map<Thread, Integer> heldBy = new HashMap<>();
    private final int capacity;
    private int held;
    /** Calls in progress on these permits; changed only inside the owning map's compute. */
    int users;

    FairPermits(int capacity) {
        this.capacity = capacity;
    }

    int capacity() {
        return capacity;
    }

    /**
     * Takes {@code permits} if they are free and nobody waits; never waits, never throws {@link InterruptedException}.
     *
     * @return whether the current thread now holds {@code permits} more
     */
    boolean tryNow(int permits) {
        requireWithinCapacity(permits);
        lock.lock();
        try {
            return grantIfFirst(permits);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits in line, keeping its place for the whole wait (an interrupt, such as a deadlock victim's, ends it).
     *
     * @return whether the current thread now holds {@code permits} more; {@code false} when the wait ran out
     */
    boolean tryAcquire(int permits, long timeoutNanos) throws InterruptedException {
        requireWithinCapacity(permits);
        lock.lockInterruptibly();
        try {
            if (grantIfFirst(permits)) {
                return true;
            }
            if (timeoutNanos <= 0) {
                return false;
            }
            Object turn = new Object();
            queue.addLast(turn);
            try {
                long remaining = timeoutNanos;
                while (queue.peekFirst() != turn || capacity - held < permits) {
                    if (remaining <= 0) {
                        return false;
                    }
                    remaining = changed.awaitNanos(remaining);
                }
                grant(permits);
                return true;
            } finally {
                queue.remove(turn);
                changed.signalAll(); // the next in line may go now
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * @return the threads whose permits {@code waiter}, asking for {@code permits}, cannot do without: those for which
     *         the capacity less their permits and the waiter's own is below what it asks (racy: a snapshot)
     */
    List<Thread> indispensableHoldersFor(Thread waiter, int permits) {
        lock.lock();
        try {
            int own = heldBy.getOrDefault(waiter, 0);
            List<Thread> holders = new ArrayList<>();
            heldBy.forEach((holder, count) -> {
                if (holder != waiter && capacity - count - own < permits) {
                    holders.add(holder);
                }
            });
            return holders;
        } finally {
            lock.unlock();
        }
    }

    /** @throws IllegalMonitorStateException if the current thread holds fewer than {@code permits} */
    void release(int permits) {
        lock.lock();
        try {
            Thread thread = Thread.currentThread();
            int mine = heldBy.getOrDefault(thread, 0);
            if (mine < permits) {
                throw new IllegalMonitorStateException(thread.getName() + " holds " + mine + " permits, cannot release "
                        + permits);
            }
            if (mine == permits) {
                heldBy.remove(thread);
            } else {
                heldBy.put(thread, mine - permits);
            }
            held -= permits;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    int available() {
        lock.lock();
        try {
            return capacity - held;
        } finally {
            lock.unlock();
        }
    }

    /** @return how many permits the current thread holds */
    int heldByCurrentThread() {
        lock.lock();
        try {
            return heldBy.getOrDefault(Thread.currentThread(), 0);
        } finally {
            lock.unlock();
        }
    }

    /** @return how many threads wait */
    int waiting() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** @return whether nobody holds or waits for a permit */
    boolean isIdle() {
        lock.lock();
        try {
            return held == 0 && queue.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    private void requireWithinCapacity(int permits) {
        if (permits > capacity) {
            throw new IllegalArgumentException("permits must be at most the capacity " + capacity + ", was " + permits);
        }
    }

    private boolean grantIfFirst(int permits) {
        if (queue.isEmpty() && capacity - held >= permits) {
            grant(permits);
            return true;
        }
        return false;
    }

    private void grant(int permits) {
        held += permits;
        heldBy.merge(Thread.currentThread(), permits, Integer::sum);
    }
}
