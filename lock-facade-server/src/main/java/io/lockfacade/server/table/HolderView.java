package io.lockfacade.server.table;

/**
 * One grant of a read-write lock, of semaphore permits or of a leadership, as pictures and snapshots show it.
 *
 * @param owner           its holder
 * @param fencingToken    its token (a leader's epoch)
 * @param sessionId       the session it lives under
 * @param acquiredAtNanos when it was made
 * @param permits         how many permits it holds (1 for a lock or a leadership)
 * @param handouts        how many calls were handed the grant and may have got it
 */
public record HolderView(String owner, long fencingToken, String sessionId, long acquiredAtNanos, int permits,
                         int handouts) {

    static HolderView of(Hold hold) {
        return new HolderView(hold.owner(), hold.token(), hold.session().id, hold.acquiredAtNanos(), hold.permits(),
                hold.handouts());
    }

    /** @return the grant again, under its session as the restoring table has it */
    Hold restore(SessionState session) {
        return new Hold(owner, fencingToken, session, acquiredAtNanos, permits, handouts);
    }
}
