package io.lockfacade.spring.boot.autoconfigure.shedlock;

import io.lockfacade.shedlock.LockFacadeLockProvider;
import io.lockfacade.spring.boot.autoconfigure.LockFacadeAutoConfiguration;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** When the starter defines ShedLock's lock provider, and when it backs off. No master is contacted. */
class LockFacadeShedLockAutoConfigurationTest {

    private static final String UNUSED_MASTER = "lockfacade.master-url=http://127.0.0.1:9/remoting/MemoryLockService";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LockFacadeAutoConfiguration.class,
                    LockFacadeShedLockAutoConfiguration.class));

    @Test
    void withShedLockOnTheClassPathTheProviderUsesTheDistributeLock() {
        runner.withPropertyValues(UNUSED_MASTER).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockProvider.class);
            assertThat(context.getBean(LockFacadeLockProvider.class).lockType())
                    .isEqualTo(LockFacadeLockProvider.DEFAULT_LOCK_TYPE);
            assertThat(context.getBean(LockFacadeLockProvider.class).toString())
                    .contains(context.getBean("distributeLock").toString());
        });
    }

    @Test
    void anApplicationsOwnLockProviderWins() {
        LockProvider own = configuration -> Optional.<SimpleLock>empty();
        runner.withPropertyValues(UNUSED_MASTER).withBean(LockProvider.class, () -> own).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockProvider.class)
                    .doesNotHaveBean(LockFacadeLockProvider.class);
            assertThat(context.getBean(LockProvider.class)).isSameAs(own);
        });
    }

    @Test
    void withoutShedLockThereIsNoProvider() {
        runner.withPropertyValues(UNUSED_MASTER).withClassLoader(new FilteredClassLoader(LockProvider.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(LockFacadeLockProvider.class));
    }

    @Test
    void memoryModeDefinesNoProviderSinceShedLockLocksAcrossJvms() {
        runner.withPropertyValues("lockfacade.mode=memory")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(LockProvider.class));
    }

    @Test
    void theOverrunCounterIsBoundWithMicrometer() {
        runner.withPropertyValues(UNUSED_MASTER).run(context -> {
            MeterRegistry registry = new SimpleMeterRegistry();
            context.getBeansOfType(MeterBinder.class).values().forEach(binder -> binder.bindTo(registry));

            FunctionCounter overruns = registry.get(LockFacadeShedLockAutoConfiguration.OVERRUNS_METER)
                    .tag("lockType", LockFacadeLockProvider.DEFAULT_LOCK_TYPE).functionCounter();
            assertThat(overruns.count()).isZero();
        });
    }

    @Test
    void aLockNameThatIsNoValidKeyIsRefusedBeforeTheMasterIsAsked() {
        LockConfiguration badName = new LockConfiguration(Instant.now(), "bad\nname", Duration.ofSeconds(1),
                Duration.ZERO);
        runner.withPropertyValues(UNUSED_MASTER).run(context -> assertThat(assertThrows(
                IllegalArgumentException.class, () -> context.getBean(LockProvider.class).lock(badName)))
                .hasMessageContaining("lock name"));
    }
}
