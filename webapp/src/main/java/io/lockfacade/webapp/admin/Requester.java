package io.lockfacade.webapp.admin;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Who sent an admin request, for the audit log: the admitted admin user and the peer's address.
 *
 * <p>The address is the TCP peer's; a reverse proxy's {@code X-Forwarded-For} is not trusted, since any client
 * could set it.
 *
 * @param user    the admin user name, as admitted by {@link BasicAuthFilter}
 * @param address the peer's address and port, e.g. {@code 127.0.0.1:53412}
 */
public record Requester(String user, String address) {

    /** Stands for a user when a request somehow reached the admin pages without the auth filter. */
    public static final String UNKNOWN_USER = "(unauthenticated)";

    /** @return who sent the request */
    public static Requester of(HttpServletRequest request) {
        Object user = request.getAttribute(BasicAuthFilter.USER_ATTRIBUTE);
        String host = request.getRemoteAddr();
        String address = host.indexOf(':') >= 0 ? "[" + host + "]:" + request.getRemotePort()
                : host + ":" + request.getRemotePort();
        return new Requester(user instanceof String name ? name : UNKNOWN_USER, address);
    }

    @Override
    public String toString() {
        return "user \"" + user + "\" from " + address;
    }
}
