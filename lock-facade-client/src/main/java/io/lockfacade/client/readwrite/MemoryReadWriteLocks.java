package io.lockfacade.client.readwrite;

import io.lockfacade.api.LockArguments;
import io.lockfacade.client.deadlock.InspectableReadWriteLock;
import io.lockfacade.client.deadlock.ThreadWaits;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongSupplier;

/**
 * The read-write locks of one JVM ({@code MemoryLock.asReadWriteLock}): a fair
 * {@link ReentrantReadWriteLock} per lock type and key, which exists only while some thread holds or waits for it
 * (reference counted, as {@code MemoryLock} does for its mutexes). Fair means first come, first served: once a
 * writer waits, readers that arrive after it queue behind it. A thread's first hold of a side takes a fencing
 * token from the counter it is given (shared with the mutexes, so tokens strictly increase across every grant);
 * re-entries keep it. A read-to-write upgrade is refused at once; a downgrade (write, then read, then release the
 * write) is allowed. These locks are never lost.
 *
 * <p>Made with a {@link ThreadWaits} (as {@code MemoryLock} makes them), a wait that may last the check delay is
 * checked for deadlocks in the same graph as the mutexes' waits: a read waits for the writer, a write for the writer
 * and every reader ({@link #holdersOf}).
 */
public final class MemoryReadWriteLocks implements ReadWriteBackend {

    private final ConcurrentHashMap<Name, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier fencingTokens;
    private final ThreadWaits<Object> waits;

    /** @param fencingTokens hands out strictly increasing tokens, one per first hold of a side */
    public MemoryReadWriteLocks(LongSupplier fencingTokens) {
        this(fencingTokens, null);
    }

    /**
     * @param fencingTokens hands out strictly increasing tokens, one per first hold of a side
     * @param waits         checks waits for deadlocks ({@link Side} is what a wait waits for); {@code null}: none
     */
    public MemoryReadWriteLocks(LongSupplier fencingTokens, ThreadWaits<Object> waits) {
        this.fencingTokens = fencingTokens;
        this.waits = waits;
    }

    /** One side of one read-write lock, as a deadlock's message names it: {@code type/key (read)}. */
    public record Side(String lockType, String key, ReadWriteMode mode) {

        @Override
        public String toString() {
            return lockType + "/" + key + (mode == ReadWriteMode.READ ? " (read)" : " (write)");
        }
    }

    /**
     * @return the threads a wait for {@code side} waits for right now: the writer, and for the write side every
     *         reader too (racy reads: a reader is listed from just after it took its first read hold until just after
     *         it let go of its last, and never while it waits for anything)
     */
    public Collection<Thread> holdersOf(Side side) {
        Entry entry = entries.get(new Name(side.lockType(), side.key()));
        if (entry == null) {
            return List.of();
        }
        Thread writer = entry.rw.writer();
        if (side.mode() == ReadWriteMode.READ) {
            return writer == null ? List.of() : List.of(writer);
        }
        List<Thread> holders = new ArrayList<>(entry.readTokens.keySet());
        if (writer != null) {
            holders.add(writer);
        }
        return holders;
    }

    @Override
    public boolean acquire(String lockType, String key, ReadWriteMode mode, long timeoutNanos, boolean interruptible)
            throws InterruptedException {
        Name name = Name.of(lockType, key);
        Entry entry = join(name);
        boolean acquired = false;
        try {
            InspectableReadWriteLock rw = entry.rw;
            if (mode == ReadWriteMode.WRITE && rw.getReadHoldCount() > 0 && !rw.isWriteLockedByCurrentThread()) {
                throw ReadWriteBackend.upgradeRefused(lockType, key);
            }
            Lock side = mode == ReadWriteMode.READ ? rw.readLock() : rw.writeLock();
            acquired = waits == null ? LocalWaits.take(side, timeoutNanos, interruptible)
                    : LocalWaits.checked(waits, new Side(lockType, key, mode), side, timeoutNanos, interruptible);
            if (acquired) {
                entry.tookOne(mode, fencingTokens);
            }
            return acquired;
        } finally {
            if (!acquired) {
                leave(name);
            }
        }
    }

    @Override
    public void release(String lockType, String key, ReadWriteMode mode) {
        Name name = Name.of(lockType, key);
        Entry entry = entries.get(name);
        if (entry == null || !entry.holds(mode)) {
            throw new IllegalMonitorStateException("the " + mode.name().toLowerCase() + " lock of " + name
                    + " is not held by thread " + Thread.currentThread().getName());
        }
        entry.releaseOne(mode);
        leave(name);
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key, ReadWriteMode mode) {
        Entry entry = entries.get(Name.of(lockType, key));
        return entry != null && entry.holds(mode) ? OptionalLong.of(entry.token(mode)) : OptionalLong.empty();
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key, ReadWriteMode mode) {
        Entry entry = entries.get(Name.of(lockType, key));
        return entry != null && entry.holds(mode);
    }

    /** @return always {@code false}: a lock inside one JVM cannot be lost */
    @Override
    public boolean isLost(String lockType, String key, ReadWriteMode mode) {
        Name.of(lockType, key);
        return false;
    }

    /** @return how many read-write locks are held or waited for; for tests */
    public int entryCount() {
        return entries.size();
    }

    private Entry join(Name name) {
        return entries.compute(name, (k, existing) -> {
            Entry entry = existing == null ? new Entry() : existing;
            entry.users++;
            return entry;
        });
    }

    private void leave(Name name) {
        entries.computeIfPresent(name, (k, existing) -> --existing.users == 0 ? null : existing);
    }

    /** A lock type and key, checked against the contract's limits. */
    private record Name(String lockType, String key) {

        static Name of(String lockType, String key) {
            return new Name(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
        }

        @Override
        public String toString() {
            return lockType + "/" + key;
        }
    }

    /** The lock of one type and key, alive while {@code users} (holds plus waits) is above zero. */
    private static final class Entry {
        final InspectableReadWriteLock rw = new InspectableReadWriteLock(true);
        /** The token of each reading thread's first-level read hold. */
        final Map<Thread, Long> readTokens = new ConcurrentHashMap<>();
        /** The token of the writer's first-level hold; written and read by the writing thread only. */
        long writeToken;
        /** Changed only inside the map's atomic per-key operations ({@code compute}). */
        int users;

        boolean holds(ReadWriteMode mode) {
            return mode == ReadWriteMode.READ ? rw.getReadHoldCount() > 0 : rw.isWriteLockedByCurrentThread();
        }

        long token(ReadWriteMode mode) {
            return mode == ReadWriteMode.READ ? readTokens.get(Thread.currentThread()) : writeToken;
        }

        void tookOne(ReadWriteMode mode, LongSupplier tokens) {
            if (mode == ReadWriteMode.READ && rw.getReadHoldCount() == 1) {
                readTokens.put(Thread.currentThread(), tokens.getAsLong());
            } else if (mode == ReadWriteMode.WRITE && rw.getWriteHoldCount() == 1) {
                writeToken = tokens.getAsLong();
            }
        }

        void releaseOne(ReadWriteMode mode) {
            if (mode == ReadWriteMode.READ) {
                rw.readLock().unlock();
                if (rw.getReadHoldCount() == 0) {
                    readTokens.remove(Thread.currentThread());
                }
            } else {
                rw.writeLock().unlock();
            }
        }
    }
}
