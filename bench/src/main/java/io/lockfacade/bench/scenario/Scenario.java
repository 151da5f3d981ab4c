package io.lockfacade.bench.scenario;

import io.lockfacade.bench.report.BenchReport;

/**
 * One scenario of the benchmark: it measures Lock Facade and its reference in the same run, adds its rows and
 * invariant checks to the report, and leaves nothing running.
 */
public interface Scenario {

    /** @return the scenario's id, e.g. {@code S1} */
    String id();

    /** @return a short title for tables and charts */
    String title();

    /**
     * Runs the scenario.
     *
     * @throws Exception if it cannot produce its figures; the run goes on with the next scenario
     */
    void run(BenchContext context, BenchReport report) throws Exception;
}
