package io.lockfacade.sample.shedlock;

import java.util.Map;
import java.util.TreeMap;

/**
 * The resource the report task writes to, shared by the nodes the launcher runs: it refuses a write whose fencing
 * token is older than one it accepted (a node whose lock ran out), and counts writes that began while another was
 * in progress (which the lock must prevent).
 */
public final class ReportStore {

    private final Map<String, Integer> writesByNode = new TreeMap<>();
    private long highestToken;
    private String writing;
    private int overlaps;

    /**
     * Begins a write.
     *
     * @throws IllegalStateException if {@code token} is older than a token already accepted
     */
    public synchronized void begin(String nodeId, long token) {
        if (token < highestToken) {
            throw new IllegalStateException(nodeId + " writes with fencing token " + token + ", older than "
                    + highestToken + ": refused");
        }
        highestToken = token;
        if (writing != null) {
            overlaps++;
        }
        writing = nodeId;
        writesByNode.merge(nodeId, 1, Integer::sum);
    }

    /** Ends the write of {@code nodeId}. */
    public synchronized void end(String nodeId) {
        if (nodeId.equals(writing)) {
            writing = null;
        }
    }

    /** @return the writes per node so far */
    public synchronized Map<String, Integer> writesByNode() {
        return Map.copyOf(writesByNode);
    }

    /** @return how many writes began while another was in progress */
    public synchronized int overlaps() {
        return overlaps;
    }
}
