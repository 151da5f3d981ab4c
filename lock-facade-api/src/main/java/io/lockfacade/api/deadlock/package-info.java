/**
 * Deadlock detection, as databases do it (PostgreSQL's {@code deadlock_timeout} check, InnoDB's wait-for graph):
 * a wait-for graph whose edges go from a waiting thread to the threads that hold what it waits for, searched from
 * one wait at a time, and a confirmation that a cycle read from racing threads is real. Pure: no threads, no I/O, no
 * clock of its own, so that the master and the clients ({@code MemoryLock}, {@code DistributeLock}) share one
 * definition of what a deadlock is.
 */
package io.lockfacade.api.deadlock;
