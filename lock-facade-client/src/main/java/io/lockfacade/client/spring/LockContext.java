package io.lockfacade.client.spring;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the {@link DistributeLocked} methods running on the current thread hold: the innermost call's lock and
 * fencing token, or those of an outer call by type and key.
 *
 * <pre>{@code
 * @DistributeLocked(type = "account", key = "#account")
 * public void deposit(String account, long cents) {
 *     store.write(account, newBalance, LockContext.currentFencingToken());
 * }
 * }</pre>
 *
 * <p>The information is per thread and lives exactly as long as the annotated call: work handed to another
 * thread must take the token along. Nested calls stack; when one returns, the outer call's lock is current
 * again.
 */
public final class LockContext {

    private static final ThreadLocal<Deque<HeldLock>> HELD = new ThreadLocal<>();

    private LockContext() {
    }

    /**
     * @return the lock of the innermost {@link DistributeLocked} call running on this thread, if any
     */
    public static Optional<HeldLock> current() {
        Deque<HeldLock> held = HELD.get();
        return held == null ? Optional.empty() : Optional.ofNullable(held.peek());
    }

    /**
     * @return the fencing token of the innermost {@link DistributeLocked} call running on this thread
     * @throws IllegalStateException if no such call is running on this thread (called outside the method, from
     *                               another thread, or on a call that bypassed the proxy)
     */
    public static long currentFencingToken() {
        return current().orElseThrow(() -> new IllegalStateException("no @DistributeLocked method is running on"
                + " thread " + Thread.currentThread().getName() + " (a call from within the same bean bypasses"
                + " the proxy)")).fencingToken();
    }

    /**
     * @param lockType the lock type
     * @param key      the key
     * @return the fencing token of the innermost running {@link DistributeLocked} call on this thread that holds
     *         that lock, or empty if none does
     */
    public static OptionalLong fencingToken(String lockType, String key) {
        Deque<HeldLock> held = HELD.get();
        if (held != null) {
            for (Iterator<HeldLock> it = held.iterator(); it.hasNext(); ) {
                HeldLock lock = it.next();
                if (lock.lockType().equals(lockType) && lock.key().equals(key)) {
                    return OptionalLong.of(lock.fencingToken());
                }
            }
        }
        return OptionalLong.empty();
    }

    /** Records that a call acquired {@code lock}; paired with {@link #pop()} in a {@code finally}. */
    static void push(HeldLock lock) {
        Deque<HeldLock> held = HELD.get();
        if (held == null) {
            held = new ArrayDeque<>();
            HELD.set(held);
        }
        held.push(lock);
    }

    /** Forgets the innermost lock; drops the thread's state when none is left, so pooled threads keep nothing. */
    static void pop() {
        Deque<HeldLock> held = HELD.get();
        if (held == null) {
            return;
        }
        held.pop();
        if (held.isEmpty()) {
            HELD.remove();
        }
    }
}
