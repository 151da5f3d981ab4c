package io.lockfacade.server.table;

import java.util.List;

/**
 * A consistent picture of one read-write lock.
 *
 * @param lockKey        the lock
 * @param writer         the writer, or {@code null}
 * @param readers        the readers, oldest grant first
 * @param readersWaiting how many parked calls ask for the read lock
 * @param writersWaiting how many parked calls ask for the write lock
 */
public record ReadWriteView(LockKey lockKey, HolderView writer, List<HolderView> readers, int readersWaiting,
                            int writersWaiting) {

    /** Copies the readers. */
    public ReadWriteView {
        readers = List.copyOf(readers);
    }

}
