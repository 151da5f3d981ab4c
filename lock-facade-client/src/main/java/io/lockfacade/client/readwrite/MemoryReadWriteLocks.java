package io.lockfacade.client.readwrite;

import io.lockfacade.api.LockArguments;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
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
 */
public final class MemoryReadWriteLocks implements ReadWriteBackend {

    private final ConcurrentHashMap<Name, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier fencingTokens;

    /** @param fencingTokens hands out strictly increasing tokens, one per first hold of a side */
    public MemoryReadWriteLocks(LongSupplier fencingTokens) {
        this.fencingTokens = fencingTokens;
    }

    @Override
    public boolean acquire(String lockType, String key, ReadWriteMode mode, long timeoutNanos, boolean interruptible)
            throws InterruptedException {
        Name name = Name.of(lockType, key);
        Entry entry = join(name);
        boolean acquired = false;
        try {
            ReentrantReadWriteLock rw = entry.rw;
            if (mode == ReadWriteMode.WRITE && rw.getReadHoldCount() > 0 && !rw.isWriteLockedByCurrentThread()) {
                throw ReadWriteBackend.upgradeRefused(lockType, key);
            }
            acquired = LocalWaits.take(mode == ReadWriteMode.READ ? rw.readLock() : rw.writeLock(), timeoutNanos,
                    interruptible);
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
        final ReentrantReadWriteLock rw = new ReentrantReadWriteLock(true);
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
