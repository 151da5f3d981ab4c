/**
 * Child JVMs and how the benchmark drives them: masters of either design, contending client nodes, the waiter
 * swarm and the CPU spinners, each speaking one {@link io.lockfacade.bench.node.NodeLine} per command over its
 * standard input and output. Every child exits when its standard input ends, so none outlives the benchmark.
 */
package io.lockfacade.bench.node;
