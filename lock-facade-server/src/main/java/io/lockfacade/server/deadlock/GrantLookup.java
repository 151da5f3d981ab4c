package io.lockfacade.server.deadlock;

import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the deadlock watch reads of a master's live grants: each lock's current fencing token and holder, and the
 * grants of read-write locks and semaphores. Every read is made without any lock of the watch held by others, and
 * never calls back into it.
 */
public interface GrantLookup {

    /** @return the fencing token of the lock's live grant, empty if it is not held */
    OptionalLong tokenOf(LockKey lock);

    /** @return the owner holding the lock now, or {@code null} if it is free */
    String holderOf(LockKey lock);

    /** @return a consistent picture of the read-write lock, empty if nobody holds or waits for it */
    Optional<ReadWriteView> readWrite(LockKey lock);

    /** @return a consistent picture of the semaphore, empty if it has no state */
    Optional<SemaphoreView> semaphore(LockKey lock);
}
