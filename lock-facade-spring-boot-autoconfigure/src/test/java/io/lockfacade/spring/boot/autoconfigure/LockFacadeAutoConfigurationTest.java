package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.client.spring.DistributeLockedConfiguration;
import io.lockfacade.client.spring.LeaderOnlyConfiguration;
import io.lockfacade.client.spring.LeaderOnlyLeaderships;
import io.lockfacade.client.spring.EnableLockFacade;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.spring.boot.autoconfigure.health.LockFacadeHealthAutoConfiguration;
import io.lockfacade.spring.boot.autoconfigure.health.LockFacadeHealthIndicator;
import io.lockfacade.spring.boot.autoconfigure.metrics.LockFacadeMetrics;
import io.lockfacade.spring.boot.autoconfigure.metrics.LockFacadeMetricsAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auto-configuration's conditions and back-off, in real application contexts. No master runs: making the
 * beans never contacts it.
 */
class LockFacadeAutoConfigurationTest {

    /** Nothing listens there; nothing is sent either. */
    private static final String UNUSED_MASTER = "lockfacade.master-url=http://127.0.0.1:9/remoting/MemoryLockService";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LockFacadeAutoConfiguration.class,
                    DistributeLockedAutoConfiguration.class, LeaderOnlyAutoConfiguration.class,
                    LockFacadeMetricsAutoConfiguration.class,
                    LockFacadeHealthAutoConfiguration.class));

    @Test
    void distributedModeDefinesTheLockUnderBothNamesWithTheConfiguredSettings() {
        runner.withPropertyValues(UNUSED_MASTER, "lockfacade.node-id=node-boot", "lockfacade.lease=2s",
                "lockfacade.max-local-handoffs=3", "lockfacade.fair-local-lock=false",
                "lockfacade.deadlock-check-delay=300ms").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockFacade.class).hasSingleBean(MemoryLockService.class);
            DistributeLock lock = context.getBean("distributeLock", DistributeLock.class);
            assertThat(context.getBean("memoryLock")).isSameAs(lock);
            assertThat(lock.settings().nodeId()).isEqualTo("node-boot");
            assertThat(lock.settings().lease()).isEqualTo(Duration.ofSeconds(2));
            assertThat(lock.settings().maxLocalHandoffs()).isEqualTo(3);
            assertThat(lock.settings().fairLocalLock()).isFalse();
            assertThat(lock.settings().deadlockDetection()).isEqualTo(DeadlockDetection.after(Duration.ofMillis(300)));
            assertThat(context).hasBean(DistributeLockedConfiguration.ADVISOR_BEAN_NAME)
                    .hasBean(LeaderOnlyConfiguration.ADVISOR_BEAN_NAME).hasSingleBean(LeaderOnlyLeaderships.class);
        });
    }

    @Test
    void aCommaSeparatedMasterUrlMakesTheClientOfAMasterGroup() {
        runner.withPropertyValues("lockfacade.master-url=http://127.0.0.1:9/remoting/MemoryLockService, "
                + "http://127.0.0.1:10/remoting/MemoryLockService").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(MemoryLockService.class).toString())
                    .contains("127.0.0.1:9/remoting/MemoryLockService", "127.0.0.1:10/remoting/MemoryLockService");
        });
    }

    @Test
    void memoryModeDefinesAMemoryLockAndNoTransport() {
        runner.withPropertyValues("lockfacade.mode=memory").withBean(SimpleMeterRegistry.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockFacade.class)
                    .doesNotHaveBean(MemoryLockService.class)
                    .doesNotHaveBean(LockFacadeMetrics.class)
                    .doesNotHaveBean(LockFacadeHealthIndicator.class);
            assertThat(context.getBean("distributeLock")).isInstanceOf(MemoryLock.class)
                    .isSameAs(context.getBean("memoryLock"));
            assertThat(context).hasBean(DistributeLockedConfiguration.ADVISOR_BEAN_NAME);
        });
    }

    @Test
    void aMissingMasterUrlFailsStartUpNamingTheProperty() {
        runner.run(context -> assertThat(context).hasFailed().getFailure()
                .rootCause().hasMessageContaining("lockfacade.master-url"));
    }

    @Test
    void aReadTimeoutNotAboveTheRemoteWaitCapFailsStartUpNamingBoth() {
        runner.withPropertyValues(UNUSED_MASTER, "lockfacade.read-timeout=5s").run(context -> assertThat(context)
                .hasFailed().getFailure().rootCause()
                .hasMessageContaining("lockfacade.read-timeout").hasMessageContaining("lockfacade.remote-wait-cap"));
    }

    @Test
    void anUnknownModeFailsStartUp() {
        runner.withPropertyValues("lockfacade.mode=cluster").run(context -> assertThat(context).hasFailed()
                .getFailure().hasStackTraceContaining("lockfacade.mode"));
    }

    @Test
    void theApplicationsOwnLockFacadeWinsAndStillGetsDistributeLocked() {
        runner.withPropertyValues(UNUSED_MASTER).withBean(SimpleMeterRegistry.class)
                .withUserConfiguration(OwnLockFacade.class).run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(LockFacade.class)
                            .doesNotHaveBean(MemoryLockService.class)
                            .doesNotHaveBean(LockFacadeHealthIndicator.class);
                    assertThat(context.getBean(LockFacade.class)).isSameAs(context.getBean("ownLock"));
                    assertThat(context).hasBean(DistributeLockedConfiguration.ADVISOR_BEAN_NAME);
                });
    }

    @Test
    void anApplicationThatEnabledLockFacadeItselfKeepsItsBeans() {
        runner.withPropertyValues(UNUSED_MASTER).withUserConfiguration(EnabledByHand.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockFacade.class)
                    .hasBean(DistributeLockedConfiguration.ADVISOR_BEAN_NAME);
            assertThat(context.getBean(LockFacade.class)).isInstanceOf(DistributeLock.class);
        });
    }

    @Test
    void theApplicationsOwnMasterProxyIsUsed() {
        MemoryLockService own = new MemoryLockServiceOfNoMaster();
        runner.withPropertyValues(UNUSED_MASTER).withBean(MemoryLockService.class, () -> own).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(MemoryLockService.class).hasSingleBean(DistributeLock.class);
            assertThat(context.getBean(MemoryLockService.class)).isSameAs(own);
        });
    }

    @Test
    void withoutActuatorThereIsNoHealthIndicator() {
        runner.withPropertyValues(UNUSED_MASTER).withClassLoader(new FilteredClassLoader(HealthIndicator.class))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(DistributeLock.class)
                        .doesNotHaveBean(LockFacadeHealthIndicator.class));
    }

    @Test
    void withActuatorTheHealthIndicatorIsContributedAndCanBeTurnedOff() {
        runner.withPropertyValues(UNUSED_MASTER)
                .run(context -> assertThat(context).hasSingleBean(LockFacadeHealthIndicator.class));
        runner.withPropertyValues(UNUSED_MASTER, "management.health.lockfacade.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(LockFacadeHealthIndicator.class));
    }

    @Test
    void withoutAMeterRegistryThereAreNoMetrics() {
        runner.withPropertyValues(UNUSED_MASTER)
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(LockFacadeMetrics.class));
        runner.withPropertyValues(UNUSED_MASTER).withBean(SimpleMeterRegistry.class)
                .withClassLoader(new FilteredClassLoader(MeterRegistry.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(LockFacadeMetrics.class));
    }

    @Test
    void withAMeterRegistryTheLocksGaugeIsRegisteredAtOnce() {
        runner.withPropertyValues(UNUSED_MASTER).withBean(SimpleMeterRegistry.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(LockFacadeMetrics.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.get(LockFacadeMetrics.HELD).gauge().value()).isZero();
        });
    }

    @Test
    void theRegistryOfBootsOwnMetricsAutoConfigurationIsFound() {
        runner.withPropertyValues(UNUSED_MASTER)
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                        CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class))
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(LockFacadeMetrics.class);
                    assertThat(context.getBean(MeterRegistry.class).find(LockFacadeMetrics.HELD).gauge()).isNotNull();
                });
    }

    @Test
    void theDocumentedDefaultsAreTheClientsOwn() {
        LockFacadeClientProperties properties = new LockFacadeClientProperties();
        DistributeLockSettings lock = DistributeLockSettings.defaults();

        assertThat(properties.getMode()).isEqualTo(LockFacadeClientProperties.Mode.DISTRIBUTED);
        assertThat(properties.getConnectTimeout()).isEqualTo(ClientTransportSettings.DEFAULT_CONNECT_TIMEOUT);
        assertThat(properties.getReadTimeout()).isEqualTo(ClientTransportSettings.DEFAULT_READ_TIMEOUT);
        assertThat(properties.getLease()).isEqualTo(lock.lease());
        assertThat(properties.getMaxLocalHandoffs()).isEqualTo(lock.maxLocalHandoffs());
        assertThat(properties.getRemoteWaitCap()).isEqualTo(LockLimits.DEFAULT_WAIT_CAP).isEqualTo(lock.remoteWaitCap());
        assertThat(properties.isFairLocalLock()).isTrue().isEqualTo(lock.fairLocalLock());
        assertThat(properties.deadlockDetection()).isEqualTo(lock.deadlockDetection())
                .isEqualTo(DeadlockDetection.DEFAULT);
    }

    /** An application that defines its own lock facade. */
    @Configuration(proxyBeanMethods = false)
    static class OwnLockFacade {
        @Bean
        MemoryLock ownLock() {
            return new MemoryLock();
        }
    }

    /** An application that turned the client on by hand, as before the starter. */
    @Configuration(proxyBeanMethods = false)
    @EnableLockFacade
    static class EnabledByHand {
    }
}
