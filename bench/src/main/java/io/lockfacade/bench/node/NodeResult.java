package io.lockfacade.bench.node;

import io.lockfacade.bench.stats.AcquisitionLog;

import java.util.List;

/**
 * What one contender node reported after its run.
 *
 * @param operations   lock+unlock pairs inside the window
 * @param remoteCalls  remote calls during the whole run
 * @param acquisitions acquisitions during the whole run
 * @param overlaps     local overlaps on the shared key
 * @param errors       failed acquisitions or releases
 * @param log          the window's acquisitions (empty unless logging)
 * @param busiestThread operations of the node's busiest thread inside the window (summed over runs when added up:
 *                      the busiest thread of each run)
 */
public record NodeResult(long operations, long remoteCalls, long acquisitions, long overlaps, long errors,
                         AcquisitionLog log, long busiestThread) {

    /** @return this result and {@code other} added up, logs concatenated */
    public NodeResult plus(NodeResult other) {
        return new NodeResult(operations + other.operations, remoteCalls + other.remoteCalls,
                acquisitions + other.acquisitions, overlaps + other.overlaps, errors + other.errors,
                AcquisitionLog.concat(List.of(log, other.log)), busiestThread + other.busiestThread);
    }
}
