package io.lockfacade.sample.shedlock;

import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * A ShedLock application on Lock Facade, the sample to copy: besides the two annotations every ShedLock
 * application has, it needs only {@code lock-facade-spring-boot-starter} and the {@code lockfacade.*} properties
 * ({@code application.properties}); the starter defines the {@code LockProvider}.
 */
// tag::shedlock-application[]
@SpringBootApplication
@EnableScheduling
@EnableSchedulerLock(defaultLockAtMostFor = "PT30S")
public class ShedLockSampleApplication {
}
// end::shedlock-application[]
