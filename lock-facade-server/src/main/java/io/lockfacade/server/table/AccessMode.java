package io.lockfacade.server.table;

/** The two modes of a read-write lock: many readers at once, or one writer alone. */
public enum AccessMode {
    /** Shared with every other reader; excludes a writer of another owner. */
    READ,
    /** Excludes every reader and writer of another owner. */
    WRITE
}
