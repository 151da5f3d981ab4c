package io.lockfacade.server.deadlock;

import java.util.List;

/**
 * A parked call in the master's wait-for graph: a thread that holds locks and waits for another.
 *
 * @param waiting      the waiting thread ({@code node:thread#id})
 * @param lockType     the type of the lock it waits for
 * @param key          the key of the lock it waits for
 * @param held         the locks it named as held, each as {@code type/key}
 * @param waitedMillis how long it has waited
 */
public record LiveWait(String waiting, String lockType, String key, List<String> held, long waitedMillis) {

    /** Copies the held list. */
    public LiveWait {
        held = List.copyOf(held);
    }
}
