package io.lockfacade.bench.node;

/**
 * What a master child reports about itself at one moment.
 *
 * @param cpuNanos    CPU time of the whole master process so far
 * @param wallNanos   the moment, as {@link System#nanoTime()} of the master (system-wide on Linux)
 * @param threads     live threads in the master JVM
 * @param peakThreads most live threads since the last reset
 * @param held        locks in the table
 * @param grants      grants made since start
 */
public record MasterStats(long cpuNanos, long wallNanos, int threads, int peakThreads, long held, long grants) {

    static MasterStats of(NodeLine line) {
        return new MasterStats(line.number("cpuNanos"), line.number("wallNanos"), (int) line.number("threads"),
                (int) line.number("peakThreads"), line.number("held"), line.number("grants"));
    }
}
