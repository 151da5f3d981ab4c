package io.lockfacade.client.spring;

import org.springframework.scheduling.annotation.Scheduled;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A scheduled job that must run on one node at a time; records each run as "node epoch" in a shared journal. */
public class ReportJob {

    /** Every run of every node of the test, in order. */
    static final List<String> JOURNAL = new CopyOnWriteArrayList<>();

    private final String node;
    private final LeaderOnlyLeaderships leaderships;

    ReportJob(String node, LeaderOnlyLeaderships leaderships) {
        this.node = node;
        this.leaderships = leaderships;
    }

    // tag::leader-only[]
    @Scheduled(fixedDelay = 100)
    @LeaderOnly("nightly-report")
    public void writeReport() {
        long epoch = leaderships.epoch("nightly-report"); // a fencing token for what the job writes
        JOURNAL.add(node + " " + epoch);
    }
    // end::leader-only[]
}
