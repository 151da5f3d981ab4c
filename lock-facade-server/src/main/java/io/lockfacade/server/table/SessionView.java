package io.lockfacade.server.table;

/**
 * A picture of one open session, on the table's own time axis.
 *
 * @param id                 the client's session id
 * @param ttlMillis          its TTL
 * @param locks              how many locks are held under it
 * @param lastKeepAliveNanos when it was last kept alive (or opened)
 * @param endNanos           when it ends unless kept alive
 * @param forceRemovals      how many of its locks an operator removed since it was opened
 */
public record SessionView(String id, long ttlMillis, int locks, long lastKeepAliveNanos, long endNanos,
                          long forceRemovals) {
}
