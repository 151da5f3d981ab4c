package io.lockfacade.webapp.admin;

/**
 * An owner string split the way the Java client builds it, {@code nodeId:threadName#threadId}: the node before the
 * first colon, the thread after it. Owners are opaque to the master; one without a colon (another client) is all
 * node and no thread. The whole owner is always shown too, since a node id may itself contain a colon.
 *
 * @param node   the node id part
 * @param thread the thread part ({@code name#id}), empty when the owner has no colon
 */
public record OwnerName(String node, String thread) {

    private static final char NODE_SEPARATOR = ':';

    /** @return the owner split at its first colon */
    public static OwnerName parse(String owner) {
        int colon = owner.indexOf(NODE_SEPARATOR);
        if (colon <= 0) {
            return new OwnerName(owner, "");
        }
        return new OwnerName(owner.substring(0, colon), owner.substring(colon + 1));
    }
}
