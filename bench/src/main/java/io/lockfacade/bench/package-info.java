/**
 * The Lock Facade benchmark: {@link io.lockfacade.bench.BenchMain} runs every scenario against Lock Facade and its
 * references in the same run, prints the table and writes {@code results.json} and {@code results.png}.
 *
 * <p>Packages: {@code scenario} (one class per scenario of issue 5), {@code baseline} (the article's design, rebuilt
 * as the reference), {@code client} (the clients under test and their call counters), {@code workload} (what client
 * threads do), {@code node} (child JVMs: masters, client nodes, the waiter swarm, the spinners, and the line protocol
 * that drives them), {@code stats} (percentiles and acquisition logs), {@code report} (table, JSON, chart).
 */
package io.lockfacade.bench;
