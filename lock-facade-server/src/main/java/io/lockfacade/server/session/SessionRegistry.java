package io.lockfacade.server.session;

import java.util.List;
import java.util.OptionalInt;

/**
 * The master's open sessions as an operator sees them: listing and force-expiry. The sessions themselves are
 * part of the lock table's state machine; this is the admin page's view of them.
 */
public interface SessionRegistry {

    /**
     * Force-expires a session: it ends now and its locks are released and handed to their oldest waiters.
     *
     * @return how many locks it held, or empty if no such session was open (nothing changed)
     */
    OptionalInt end(String sessionId);

    /** @return a picture of every open session, by id; weakly consistent */
    List<SessionInfo> describe();

    /** @return the open sessions, as {@link #describe()} */
    default List<SessionInfo> sessions() {
        return describe();
    }
}
