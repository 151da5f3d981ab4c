package io.lockfacade.sample.shedlock;

import io.lockfacade.shedlock.LockFacadeLockProvider;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A scheduled task that every node schedules and one node at a time runs: it writes the report to the
 * {@link ReportStore} with its lock's fencing token, which the store checks.
 */
@Component
public class NightlyReport {

    /** The task's lock name. */
    public static final String LOCK_NAME = "nightly-report";

    private static final Logger log = LoggerFactory.getLogger(NightlyReport.class);
    private static final long WRITE_MILLIS = 200;

    private final LockFacadeLockProvider locks;
    private final ReportStore store;
    private final String nodeId;

    /**
     * @param locks  the provider the starter defined, asked for the running task's fencing token
     * @param store  where the report goes
     * @param nodeId this node's id
     */
    public NightlyReport(LockFacadeLockProvider locks, ReportStore store,
                         @Value("${lockfacade.node-id}") String nodeId) {
        this.locks = locks;
        this.store = store;
        this.nodeId = nodeId;
    }

    /** Writes the report, on at most one node at a time; the lock is kept at least half a second. */
    // tag::scheduler-lock[]
    @Scheduled(fixedRateString = "${sample.report-every:PT1S}")
    @SchedulerLock(name = LOCK_NAME, lockAtLeastFor = "PT0.5S")
    public void write() throws InterruptedException {
        long token = locks.fencingToken(LOCK_NAME).orElseThrow();
        log.info("{} writes the report with fencing token {}", nodeId, token);
        store.begin(nodeId, token);
        try {
            Thread.sleep(WRITE_MILLIS);
        } finally {
            store.end(nodeId);
        }
    }
    // end::scheduler-lock[]
}
