package io.lockfacade.server.transport;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Tells whether the client of a parked call has closed its connection, checked just before a grant is delivered.
 *
 * <p>The servlet API cannot tell: over HTTP/1.1 a container does not read a connection whose request is being
 * handled, so a client that closes while parked is not noticed, and the grant's reply is still "written" (into the
 * socket buffer) without error. The grant would then stay with a caller that is gone until its lease ends. A
 * container-specific implementation (see the webapp's Jetty one) looks at the connection itself; a grant found
 * undeliverable is released at once.
 */
@FunctionalInterface
public interface ClientPresence {

    /** Knows nothing: every client is taken to be present. */
    ClientPresence UNKNOWN = (request, response) -> false;

    /**
     * Called on a container thread while the request is still being handled and its body fully read.
     *
     * @param request  the parked request
     * @param response its response, not committed; an implementation may set headers on it
     * @return {@code true} only if the client has certainly closed the connection
     */
    boolean hasLeft(HttpServletRequest request, HttpServletResponse response);
}
