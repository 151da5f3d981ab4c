/**
 * The {@code MemoryLockService} contract as one JUnit test base, {@link io.lockfacade.testsupport.contract.MasterContract}:
 * every master (the single master in-process and over HTTP, a master group) extends it and so passes the same
 * rules.
 */
package io.lockfacade.testsupport.contract;
