package io.lockfacade.server.session;

/**
 * A read-only picture of one open session, for the admin page and its JSON API.
 *
 * @param id                       the client's session id ({@code nodeId/UUID} for the Java client)
 * @param ttlMillis                the session's TTL
 * @param locks                    how many locks are held under it
 * @param lastKeepAliveEpochMillis wall-clock time of the last keep-alive (or of the opening)
 * @param expiresInMillis          how long until the session ends unless kept alive
 */
public record SessionInfo(String id, long ttlMillis, int locks, long lastKeepAliveEpochMillis, long expiresInMillis) {

    /** @return the node part of a Java client's session id ({@code nodeId/UUID}), else the whole id */
    public String node() {
        int slash = id.lastIndexOf('/');
        return slash > 0 ? id.substring(0, slash) : id;
    }
}
