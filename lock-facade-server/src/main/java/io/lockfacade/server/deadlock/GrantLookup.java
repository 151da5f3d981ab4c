package io.lockfacade.server.deadlock;

import io.lockfacade.server.table.LockKey;

import java.util.OptionalLong;

/** What the deadlock watch reads of a master's live grants: each lock's current fencing token and holder. */
public interface GrantLookup {

    /**
     * @return the fencing token of the lock's live grant, empty if it is not held; read without any lock of the
     *         watch held by others, and never calling back into it
     */
    OptionalLong tokenOf(LockKey lock);

    /** @return the owner holding the lock now, or {@code null} if it is free */
    String holderOf(LockKey lock);
}
