/** Auto-configuration of ShedLock's lock provider on Lock Facade. */
package io.lockfacade.spring.boot.autoconfigure.shedlock;
