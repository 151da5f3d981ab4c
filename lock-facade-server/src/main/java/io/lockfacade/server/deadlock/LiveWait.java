package io.lockfacade.server.deadlock;

import java.util.List;

/**
 * A parked call in the master's wait-for graph: a thread that holds locks and waits for another.
 *
 * @param waiting      the waiting thread ({@code node:thread#id})
 * @param lockType     the type of the lock it waits for
 * @param key          the key of the lock it waits for
 * @param heldBy       the owner holding that lock now, {@code null} if it was just freed
 * @param heldTokens   the fencing tokens of the grants the waiting thread said it holds
 * @param waitedMillis how long it has waited
 */
public record LiveWait(String waiting, String lockType, String key, String heldBy, List<Long> heldTokens,
                       long waitedMillis) {

    /** Copies the token list. */
    public LiveWait {
        heldTokens = List.copyOf(heldTokens);
    }
}
