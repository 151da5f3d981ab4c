package io.lockfacade.sample.shedlock;

import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * A ShedLock application on Lock Facade, the sample to copy: besides the two annotations every ShedLock
 * application has, it needs only {@code lock-facade-spring-boot-starter} and two properties; the starter defines
 * the {@code LockProvider}.
 *
 * <pre>
 * lockfacade.master-url=http://127.0.0.1:8080/remoting/MemoryLockService
 * lockfacade.node-id=node-1
 * </pre>
 */
@SpringBootApplication
@EnableScheduling
@EnableSchedulerLock(defaultLockAtMostFor = "PT30S")
public class ShedLockSampleApplication {
}
