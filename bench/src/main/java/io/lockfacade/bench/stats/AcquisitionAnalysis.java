package io.lockfacade.bench.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Checks the acquisitions of one lock by several nodes against the lock's promises, and measures hand-offs between
 * nodes. Timestamps of different JVMs are compared directly: on Linux {@link System#nanoTime()} reads
 * {@code CLOCK_MONOTONIC}, which is one clock for every process of the host.
 *
 * <ul>
 *   <li><b>Overlap:</b> an acquisition that returned before the previous holder started its release.</li>
 *   <li><b>Token regression:</b> a fencing token smaller than the previous one.</li>
 *   <li><b>Stale token at a node change:</b> a node acquiring with a token not greater than the previous node's.</li>
 *   <li><b>Hand-off latency:</b> at each change of node, from the previous holder's {@code unlock} returning (and,
 *       a stricter figure, from its call) to the next holder's acquisition.</li>
 * </ul>
 */
public final class AcquisitionAnalysis {

    private static final int ACQUIRED = 0;
    private static final int RELEASE_START = 1;
    private static final int RELEASE_END = 2;
    private static final int TOKEN = 3;
    private static final int NODE = 4;

    private final long[] acquisitionsPerNode;
    private long overlaps;
    private long tokenRegressions;
    private long staleTokensAtNodeChange;
    private final LatencyHistogram handoffFromUnlockCall = new LatencyHistogram();
    private final SignedSamples handoffFromUnlockReturn = new SignedSamples();

    private AcquisitionAnalysis(int nodes) {
        this.acquisitionsPerNode = new long[nodes];
    }

    /**
     * @param perNode each node's log of the same lock, over the same window
     * @return the analysis
     */
    public static AcquisitionAnalysis of(List<AcquisitionLog> perNode) {
        return ofRuns(List.of(perNode));
    }

    /**
     * Analyses several runs of the same nodes, each run on its own: the time between two runs is no hand-off.
     *
     * @param runs for each run, each node's log of the same lock
     * @return the analysis of all runs together
     */
    public static AcquisitionAnalysis ofRuns(List<List<AcquisitionLog>> runs) {
        AcquisitionAnalysis analysis = new AcquisitionAnalysis(runs.get(0).size());
        for (List<AcquisitionLog> perNode : runs) {
            long[][] records = mergeByAcquisition(perNode);
            for (int i = 0; i < records.length; i++) {
                analysis.acquisitionsPerNode[(int) records[i][NODE]]++;
                if (i > 0) {
                    analysis.compare(records[i - 1], records[i]);
                }
            }
        }
        return analysis;
    }

    private static long[][] mergeByAcquisition(List<AcquisitionLog> perNode) {
        int total = perNode.stream().mapToInt(AcquisitionLog::size).sum();
        long[][] records = new long[total][];
        int next = 0;
        for (int node = 0; node < perNode.size(); node++) {
            AcquisitionLog log = perNode.get(node);
            for (int i = 0; i < log.size(); i++) {
                records[next++] = new long[] {log.acquired(i), log.releaseStart(i), log.releaseEnd(i), log.token(i),
                        node};
            }
        }
        Arrays.sort(records, Comparator.comparingLong(record -> record[ACQUIRED]));
        return records;
    }

    private void compare(long[] previous, long[] current) {
        if (current[ACQUIRED] < previous[RELEASE_START]) {
            overlaps++;
        }
        if (current[TOKEN] < previous[TOKEN]) {
            tokenRegressions++;
        }
        if (current[NODE] != previous[NODE]) {
            if (current[TOKEN] <= previous[TOKEN]) {
                staleTokensAtNodeChange++;
            }
            handoffFromUnlockCall.recordNanos(current[ACQUIRED] - previous[RELEASE_START]);
            handoffFromUnlockReturn.recordNanos(current[ACQUIRED] - previous[RELEASE_END]);
        }
    }

    /** @return acquisitions that began while another was still held */
    public long overlaps() {
        return overlaps;
    }

    /** @return tokens smaller than their predecessor's */
    public long tokenRegressions() {
        return tokenRegressions;
    }

    /** @return node changes whose token did not increase */
    public long staleTokensAtNodeChange() {
        return staleTokensAtNodeChange;
    }

    /** @return all acquisitions */
    public long total() {
        return Arrays.stream(acquisitionsPerNode).sum();
    }

    /** @return the smallest share of acquisitions any node had, 0 to 1 */
    public double minShare() {
        long total = total();
        return total == 0 ? 0 : (double) Arrays.stream(acquisitionsPerNode).min().orElse(0) / total;
    }

    /** @return how often the lock moved from one node to another */
    public long nodeChanges() {
        return handoffFromUnlockCall.count();
    }

    /** @return hand-off latency from the previous holder's unlock call to the next node's acquisition */
    public LatencyHistogram handoffFromUnlockCall() {
        return handoffFromUnlockCall;
    }

    /**
     * @return hand-off latency from the previous holder's unlock return; below zero when the next node held the lock
     *         before the releasing call had returned
     */
    public SignedSamples handoffFromUnlockReturn() {
        return handoffFromUnlockReturn;
    }
}
