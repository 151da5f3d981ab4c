package io.lockfacade.server.deadlock;

import io.lockfacade.server.table.LockKey;

import java.util.Objects;

/**
 * What a parked call waits for, as the master's wait-for graph names it: a mutex, a read-write lock's read or
 * write side, or permits of a semaphore. Each kind is a namespace of its own, as on the master.
 *
 * @param kind    what kind of grant the call asks for
 * @param lockKey the primitive's type and key
 * @param permits how many permits the call asks for; 1 for the other kinds
 * @param waiter  the waiting thread (the call's owner or holder name): whether a semaphore's holder is waited for
 *                depends on what the waiter itself holds
 */
public record WaitTarget(Kind kind, LockKey lockKey, int permits, String waiter) {

    /** The kinds of grant a call may wait for. */
    public enum Kind {
        /** A mutex ({@code tryLockInSessionHolding}): waits for its one holder. */
        LOCK,
        /** A read-write lock's read side: waits for the writer that holds it. */
        READ,
        /** A read-write lock's write side: waits for the writer and every reader that hold it. */
        WRITE,
        /** Permits of a semaphore: waits for the holders without whom they cannot come back. */
        PERMITS
    }

    /** @throws IllegalArgumentException if {@code permits} is not positive, or not 1 for a lock */
    public WaitTarget {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(lockKey, "lockKey");
        Objects.requireNonNull(waiter, "waiter");
        if (permits < 1 || kind != Kind.PERMITS && permits != 1) {
            throw new IllegalArgumentException("a " + kind + " wait asks for " + permits + " permits");
        }
    }

    /** @return a mutex wait */
    public static WaitTarget lock(LockKey lockKey, String waiter) {
        return new WaitTarget(Kind.LOCK, lockKey, 1, waiter);
    }

    /** @return a wait for {@code permits} of a semaphore by the acquisition {@code holder} */
    public static WaitTarget permits(LockKey lockKey, int permits, String holder) {
        return new WaitTarget(Kind.PERMITS, lockKey, permits, holder);
    }

    /** @return the lock type, for metrics */
    public String lockType() {
        return lockKey.lockType();
    }

    /** @return how a cycle's message names it: {@code type/key}, with the side or the permits asked for */
    @Override
    public String toString() {
        return switch (kind) {
            case LOCK -> lockKey.toString();
            case READ -> lockKey + " (read)";
            case WRITE -> lockKey + " (write)";
            case PERMITS -> lockKey + " (" + permits + (permits == 1 ? " permit)" : " permits)");
        };
    }
}
