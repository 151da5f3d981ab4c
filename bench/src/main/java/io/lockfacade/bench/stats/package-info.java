/**
 * Latency percentiles (HdrHistogram, and exact ones for signed intervals) and the analysis of acquisition logs
 * from several JVMs: overlaps, fencing-token order, shares and hand-off latencies.
 */
package io.lockfacade.bench.stats;
