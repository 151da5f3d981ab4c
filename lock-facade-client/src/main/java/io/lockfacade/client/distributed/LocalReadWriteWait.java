package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.Collection;

/**
 * A thread's wait in its node's local read-write queue, as the node's local wait-for graph names it
 * ({@code type/key (read)}): a read waits for the local writer, a write for the local writer and every local reader
 * ({@link ReadWriteEntry#localHolders}).
 *
 * @param id    the lock
 * @param mode  the side waited for
 * @param entry the node's entry of the lock, alive while the wait lasts
 */
record LocalReadWriteWait(LockId id, ReadWriteMode mode, ReadWriteEntry entry) {

    /** @return the threads this wait waits for right now (racy reads: each listed only while it holds) */
    Collection<Thread> holders() {
        return entry.localHolders(mode);
    }

    @Override
    public String toString() {
        return id + (mode == ReadWriteMode.READ ? " (read)" : " (write)");
    }
}
