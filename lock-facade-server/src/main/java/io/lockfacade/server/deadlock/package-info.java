/**
 * Deadlocks across nodes, as the master sees them: its wait-for graph of owners (threads), fed by the parked calls
 * that name what their thread holds, and the check that fails the youngest wait of a confirmed cycle.
 */
package io.lockfacade.server.deadlock;
