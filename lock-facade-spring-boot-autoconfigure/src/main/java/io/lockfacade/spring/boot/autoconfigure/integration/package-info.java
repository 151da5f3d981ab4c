/** Auto-configuration of Spring Integration's lock registry on Lock Facade. */
package io.lockfacade.spring.boot.autoconfigure.integration;
