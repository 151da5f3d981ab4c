package io.lockfacade.spring.boot.autoconfigure.integration;

import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.integration.LockFacadeLockRegistry;
import io.lockfacade.spring.boot.autoconfigure.LockFacadeAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.integration.support.locks.DefaultLockRegistry;
import org.springframework.integration.support.locks.LockRegistry;

import java.util.concurrent.locks.Lock;

import static org.assertj.core.api.Assertions.assertThat;

/** When the starter defines Spring Integration's lock registry, and when it backs off. No master is contacted. */
class LockFacadeLockRegistryAutoConfigurationTest {

    private static final String UNUSED_MASTER = "lockfacade.master-url=http://127.0.0.1:9/remoting/MemoryLockService";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LockFacadeAutoConfiguration.class,
                    LockFacadeLockRegistryAutoConfiguration.class));

    @Test
    void withSpringIntegrationOnTheClassPathTheRegistryUsesTheDistributeLock() {
        runner.withPropertyValues(UNUSED_MASTER).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockRegistry.class);
            LockFacadeLockRegistry registry = context.getBean(LockFacadeLockRegistry.class);
            assertThat(registry.lockType()).isEqualTo(LockFacadeLockRegistry.DEFAULT_LOCK_TYPE);
            assertThat(registry.toString()).contains(context.getBean("distributeLock").toString());
        });
    }

    @Test
    void memoryModeGivesARegistryOfLocksWithinTheJvm() {
        runner.withPropertyValues("lockfacade.mode=memory").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockRegistry.class);
            assertThat(context.getBean("distributeLock")).isInstanceOf(MemoryLock.class);
            Lock lock = context.getBean(LockRegistry.class).obtain("orders");
            assertThat(lock.tryLock()).isTrue();
            lock.unlock();
        });
    }

    @Test
    void anApplicationsOwnRegistryWins() {
        runner.withPropertyValues(UNUSED_MASTER).withBean(DefaultLockRegistry.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockRegistry.class)
                    .doesNotHaveBean(LockFacadeLockRegistry.class);
        });
    }

    @Test
    void withoutSpringIntegrationThereIsNoRegistry() {
        runner.withPropertyValues(UNUSED_MASTER).withClassLoader(new FilteredClassLoader(LockRegistry.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(LockFacadeLockRegistry.class));
    }
}
