package io.lockfacade.client.readwrite;

/** The two sides of a read-write lock: shared with other readers, or exclusive. */
public enum ReadWriteMode {
    /** Shared: any number of readers at once, never with a writer of another thread or node. */
    READ,
    /** Exclusive: one writer alone, no reader of another thread or node. */
    WRITE
}
