package io.lockfacade.bench.ha;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measured.
 *
 * @param groupCommit  the group code measured (as given on the command line)
 * @param client       the client that drove the Lock Facade masters
 * @param loadBefore   {@code /proc/loadavg} when the run started
 * @param loadAfter    {@code /proc/loadavg} when it ended
 * @param lockFacade   fault summaries of the Lock Facade group
 * @param hazelcast    fault summaries of Hazelcast CP
 * @param groupS1      S1 on the group's leader
 * @param singleS1     S1 on the single master
 * @param hazelcastS1  S1 on Hazelcast CP
 * @param groupS3      S3 pairs per second on the group
 * @param singleS3     S3 pairs per second on the single master
 * @param raftEntry    one entry through the Raft engine alone ({@link RaftFloor}), same run
 * @param raftEntryNoFsync the same with fsync off
 * @param singleHeap   bytes of heap per held lock on the single master ({@link HeapPerLock})
 * @param groupHeap    bytes of heap per held lock on each group member, by member index
 */
record HaResults(String groupCommit, LockCalls.Kind client, String loadBefore, String loadAfter,
                 Map<FaultKind, FaultSummary> lockFacade, Map<FaultKind, FaultSummary> hazelcast,
                 Latency groupS1, Latency singleS1, Latency hazelcastS1, double groupS3, double singleS3,
                 Latency raftEntry, Latency raftEntryNoFsync, double singleHeap, List<Double> groupHeap) {

    /** Leader crash targets of issue 15, ms. */
    static final double CRASH_P50 = 800;
    static final double CRASH_MAX = 1500;
    /** Hung leader targets of issue 15, ms. */
    static final double HANG_P50 = 3000;
    static final double HANG_MAX = 5000;
    /** Group S1 p50 may be at most this many times the single master's. */
    static final double S1_RATIO = 3;
    /** Group S3 throughput must be at least this share of the single master's. */
    static final double S3_RATIO = 0.5;
    /** Heap per held lock on each member may be at most this many times the single master's. */
    static final double HEAP_RATIO = 2;
    private static final double MILLIS_PER_SECOND = 1000;

    /** @return whether the Lock Facade figures of {@code fault} meet the target */
    boolean faultTargetMet(FaultKind fault) {
        FaultSummary summary = lockFacade.get(fault);
        double p50 = fault == FaultKind.CRASH ? CRASH_P50 : HANG_P50;
        double max = fault == FaultKind.CRASH ? CRASH_MAX : HANG_MAX;
        return summary.median() != null && summary.median() < p50 && summary.max() != null && summary.max() < max;
    }

    /** @return group S1 p50 over the single master's */
    double s1Ratio() {
        return groupS1.p50Millis() / singleS1.p50Millis();
    }

    /** @return group S1 p50 over Hazelcast CP's */
    double s1HazelcastRatio() {
        return groupS1.p50Millis() / hazelcastS1.p50Millis();
    }

    /**
     * @return the least a group S1 can cost: the single master's S1 (two HTTP calls and the table) plus the two
     *         entries of the Raft engine alone that a lock and an unlock each need, p50, ms
     */
    double groupS1Floor() {
        return singleS1.p50Millis() + 2 * raftEntry.p50Millis();
    }

    /** @return {@link #groupS1Floor()} of a group run with {@code --fsync off}, ms */
    double groupS1FloorNoFsync() {
        return singleS1.p50Millis() + 2 * raftEntryNoFsync.p50Millis();
    }

    /** @return group S1 p50 over its floor: 1 would mean Lock Facade's group code adds nothing */
    double s1OverFloor() {
        return groupS1.p50Millis() / groupS1Floor();
    }

    /**
     * @return the most lock+unlock pairs per second one key can make on the group: every hand-over of the lock
     *         waits for one committed entry (release and grant together), one after another, so at most one pair
     *         per mean entry time
     */
    double s3Ceiling() {
        return MILLIS_PER_SECOND / raftEntry.meanMillis();
    }

    /** @return the heap per held lock of the group's most costly member over the single master's */
    double heapRatio() {
        return Collections.max(groupHeap) / singleHeap;
    }

    /** @return group S3 throughput over the single master's */
    double s3Ratio() {
        return groupS3 / singleS3;
    }
}
