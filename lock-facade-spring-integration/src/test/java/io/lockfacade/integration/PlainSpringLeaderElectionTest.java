package io.lockfacade.integration;

import io.lockfacade.client.LockFacade;
import io.lockfacade.testkit.master.InProcessMaster;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.leader.DefaultCandidate;
import org.springframework.integration.leader.event.OnGrantedEvent;
import org.springframework.integration.support.leader.LockRegistryLeaderInitiator;
import org.springframework.integration.support.locks.LockRegistry;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The registry and {@code LockRegistryLeaderInitiator} as beans of a plain Spring application (no Boot), against a
 * real master: the initiator starts with the context and its candidate is elected.
 */
class PlainSpringLeaderElectionTest {

    @Test
    void theInitiatorBeanElectsItsCandidateThroughTheRegistry() throws InterruptedException {
        AtomicReference<String> granted = new AtomicReference<>();
        try (InProcessMaster master = InProcessMaster.start();
             AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
            context.registerBean(LockFacade.class, () -> master.node("plain-spring", Duration.ofSeconds(5)));
            context.register(LeaderElectionConfiguration.class);
            context.addApplicationListener(event -> {
                if (event instanceof OnGrantedEvent onGranted) {
                    granted.set(onGranted.getRole());
                }
            });
            context.refresh();

            Await.until(Duration.ofSeconds(20), Duration.ofMillis(20), () -> granted.get() != null,
                    () -> "the candidate was never elected");

            assertEquals("cleanup", granted.get());
            assertTrue(context.getBean(LockRegistryLeaderInitiator.class).getContext().isLeader());
            assertFalse(master.isLockTypeEmpty("orders"), "the leadership lock is held on the master");
        }
    }

    /** The configuration a plain Spring application writes. */
    // tag::registry-beans[]
    @Configuration
    static class LeaderElectionConfiguration {

        @Bean
        LockFacadeLockRegistry lockRegistry(LockFacade distributeLock) {
            return new LockFacadeLockRegistry(distributeLock, "orders");
        }

        @Bean
        LockRegistryLeaderInitiator leaderInitiator(LockRegistry<?> lockRegistry) {
            return new LockRegistryLeaderInitiator(lockRegistry, new DefaultCandidate("node-1", "cleanup"));
        }
    }
    // end::registry-beans[]
}
