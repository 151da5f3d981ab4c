/**
 * A ShedLock application on Lock Facade through the Spring Boot starter ({@link
 * io.lockfacade.sample.shedlock.ShedLockSampleApplication}), and the launcher that runs it as several nodes.
 */
package io.lockfacade.sample.shedlock;
