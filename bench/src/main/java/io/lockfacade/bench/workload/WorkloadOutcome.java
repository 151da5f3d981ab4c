package io.lockfacade.bench.workload;

import io.lockfacade.bench.stats.AcquisitionLog;

/**
 * What one node's workload did inside the measurement window.
 *
 * @param operations       lock+unlock pairs whose acquisition fell inside the window
 * @param remoteCalls      remote calls the node made during the whole run (warm-up included)
 * @param acquisitionsRun  acquisitions during the whole run, to relate {@code remoteCalls} to
 * @param overlaps         acquisitions of the shared key while another thread of this node held it
 * @param errors           failed acquisitions or releases
 * @param log              the window's acquisitions, or an empty log when not logging
 * @param busiestThread    operations of the thread that did the most of them inside the window
 */
public record WorkloadOutcome(long operations, long remoteCalls, long acquisitionsRun, long overlaps, long errors,
                              AcquisitionLog log, long busiestThread) {

    /** @return remote calls per acquisition over the whole run */
    public double remoteCallsPerAcquisition() {
        return acquisitionsRun == 0 ? 0 : (double) remoteCalls / acquisitionsRun;
    }
}
