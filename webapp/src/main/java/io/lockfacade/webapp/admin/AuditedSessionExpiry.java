package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.session.SessionRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * Force-expiry of a session on behalf of an admin, from the page or the API, logged at INFO like a lock removal:
 * who asked (admin user, peer address), which session, and how many locks it released. A request that expired
 * nothing is logged too.
 */
public final class AuditedSessionExpiry {

    private static final Logger LOG = LoggerFactory.getLogger(AuditedSessionExpiry.class);

    private final SessionRegistry sessions;

    /** @param sessions the master's open sessions */
    public AuditedSessionExpiry(SessionRegistry sessions) {
        this.sessions = Objects.requireNonNull(sessions, "sessions");
    }

    /**
     * Ends the session; its locks are released and handed to their oldest waiters.
     *
     * @param sessionId the id as the request gave it, checked here
     * @return how many locks it released, or empty if no such session was open (nothing changed)
     * @throws AdminRequestException 400 if the id is missing or malformed
     */
    public OptionalInt expire(Requester who, String sessionId) {
        requireSessionId(sessionId);
        OptionalInt released = sessions.end(sessionId);
        if (released.isEmpty()) {
            LOG.info("admin session expiry: {} asked to expire session={}: not open; nothing changed", who,
                    LogText.quote(sessionId));
        } else {
            LOG.info("admin session expiry: {} force-expired session={} holding {} lock(s); they are released", who,
                    LogText.quote(sessionId), released.getAsInt());
        }
        return released;
    }

    /**
     * @param sessionId the id as the request gave it
     * @throws AdminRequestException 400 if the id is missing or malformed
     */
    public static void requireSessionId(String sessionId) {
        try {
            LockArguments.requireSessionId(sessionId);
        } catch (IllegalArgumentException e) {
            throw AdminRequestException.badRequest(e.getMessage());
        }
    }

    /** @return the message the page and the API show for an outcome */
    public static String message(String sessionId, OptionalInt released) {
        return released.isEmpty() ? "Session " + sessionId + " is not open (expired or closed already); nothing changed."
                : "Session " + sessionId + " expired: " + released.getAsInt() + " lock(s) released.";
    }
}
