package io.lockfacade.shedlock;

import io.lockfacade.client.LockFacade;
import io.lockfacade.testkit.master.InProcessMaster;
import io.lockfacade.testsupport.await.Await;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ShedLock's Spring integration ({@code @EnableSchedulerLock}, {@code @SchedulerLock}) on the provider, in a plain
 * Spring application (no Boot), against a real master: the scheduled task runs under the lock and reads its
 * fencing token.
 */
class PlainSpringShedLockTest {

    private static final List<Long> TOKENS = new CopyOnWriteArrayList<>();

    @Test
    void aScheduledTaskRunsUnderItsLockAndReadsItsFencingToken() throws InterruptedException {
        TOKENS.clear();
        try (InProcessMaster master = InProcessMaster.start();
             AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
            context.registerBean(LockFacade.class, () -> master.node("plain-spring", Duration.ofSeconds(30)));
            context.register(SchedulingConfiguration.class, Reports.class);
            context.refresh();

            Await.until(Duration.ofSeconds(20), Duration.ofMillis(20), () -> TOKENS.size() >= 2,
                    () -> "the task ran " + TOKENS.size() + " times");

            assertTrue(TOKENS.get(1) > TOKENS.get(0), "every run has a grant of its own: " + TOKENS);
            assertEquals(LockFacadeLockProvider.DEFAULT_LOCK_TYPE, context.getBean(LockFacadeLockProvider.class)
                    .lockType());
        }
    }

    /** The configuration a plain Spring application writes. */
    // tag::shedlock-bean[]
    @Configuration
    @EnableScheduling
    @EnableSchedulerLock(defaultLockAtMostFor = "PT30S")
    static class SchedulingConfiguration {

        @Bean
        LockFacadeLockProvider lockProvider(LockFacade distributeLock) {
            return new LockFacadeLockProvider(distributeLock);
        }
    }
    // end::shedlock-bean[]

    /** A task like any ShedLock task. */
    static class Reports {

        private final LockFacadeLockProvider locks;

        Reports(LockFacadeLockProvider locks) {
            this.locks = locks;
        }

        @Scheduled(fixedRate = 100)
        @SchedulerLock(name = "plain-report", lockAtMostFor = "PT10S")
        public void write() {
            TOKENS.add(locks.fencingToken("plain-report").orElseThrow());
        }
    }
}
