package io.lockfacade.client;

/**
 * This process's part in a named leadership, obtained from
 * {@link LockFacade#leadership(String, LeadershipListener)}: among all participants exactly one leads at a time.
 * Closing it leaves the leadership; if it led, the next participant leads at once.
 */
public interface Leadership extends AutoCloseable {

    /** @return whether this participant leads now */
    boolean isLeader();

    /** @return the current term's fencing token while this participant leads, {@code -1} otherwise */
    long epoch();

    /** Leaves the leadership (hands over at once if it led); closing again does nothing. */
    @Override
    void close();
}
