package io.lockfacade.group.raft;

import io.lockfacade.api.LockLimits;

import java.net.URI;

/**
 * One member of a master group as {@code --group} names it: {@code ID=HOST:HTTP_PORT:RAFT_PORT}.
 *
 * @param id       the member's id, e.g. {@code n1}
 * @param host     where it serves HTTP and Raft
 * @param httpPort its HTTP port (Hessian endpoint and admin)
 * @param raftPort its port for Raft traffic between members
 */
public record GroupMemberAddress(String id, String host, int httpPort, int raftPort) {

    /** @return {@code http://HOST:HTTP_PORT} */
    public URI httpUri() {
        return httpUri(false);
    }

    /** @return {@code https://HOST:HTTP_PORT} when {@code https}, else {@code http://HOST:HTTP_PORT} */
    public URI httpUri(boolean https) {
        String uriHost = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        return URI.create((https ? "https" : "http") + "://" + uriHost + ":" + httpPort);
    }

    /** @return the member's Hessian endpoint, {@code http://HOST:HTTP_PORT/remoting/MemoryLockService} */
    public URI serviceUri() {
        return serviceUri(false);
    }

    /** @return the member's Hessian endpoint, over HTTPS when {@code https} */
    public URI serviceUri(boolean https) {
        return URI.create(httpUri(https) + LockLimits.SERVICE_PATH);
    }

    /** @return {@code HOST:RAFT_PORT}, the address Raft peers dial */
    public String raftAddress() {
        return host + ":" + raftPort;
    }
}
