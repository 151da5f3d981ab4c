/**
 * Child JVMs, written once for the demo's launcher, the benchmark, the reliability harness and the multi-JVM tests:
 * {@link io.lockfacade.process.JavaCommand} builds the command line, {@link io.lockfacade.process.ChildJvmLauncher}
 * starts it with its output sent to lines or to a log, and {@link io.lockfacade.process.ChildJvm} waits for its
 * lines, talks to it on standard input, freezes, thaws, stops and kills it, only ever by its own pid.
 */
package io.lockfacade.process;
