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
public record ReadWriteView(LockKey lockKey, Holder writer, List<Holder> readers, int readersWaiting,
                            int writersWaiting) {

    /** Copies the readers. */
    public ReadWriteView {
        readers = List.copyOf(readers);
    }

    /**
     * One grant of a primitive that lives under a session.
     *
     * @param owner           its holder
     * @param fencingToken    its token
     * @param sessionId       its session
     * @param acquiredAtNanos when it was made
     * @param permits         how many permits it holds (1 for a lock or a leadership)
     */
    public record Holder(String owner, long fencingToken, String sessionId, long acquiredAtNanos, int permits) {

        static Holder of(Hold hold) {
            return new Holder(hold.owner(), hold.token(), hold.session().id, hold.acquiredAtNanos(), hold.permits());
        }
    }
}
