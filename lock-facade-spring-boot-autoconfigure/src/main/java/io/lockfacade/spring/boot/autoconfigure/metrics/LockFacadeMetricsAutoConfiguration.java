package io.lockfacade.spring.boot.autoconfigure.metrics;

import io.lockfacade.spring.boot.autoconfigure.ConditionalOnDistributedMode;
import io.lockfacade.spring.boot.autoconfigure.LockFacadeAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Records the client's metrics ({@link LockFacadeMetrics}) in the application's {@link MeterRegistry}, when
 * Micrometer is on the class path and a registry bean exists (Actuator defines one). The metrics bean is a
 * {@code LockObserver}, which the auto-configured {@code DistributeLock} is given.
 */
@AutoConfiguration(before = LockFacadeAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnDistributedMode
public class LockFacadeMetricsAutoConfiguration {

    /** @return the metrics, registered in {@code registry} */
    @Bean
    @ConditionalOnMissingBean
    public LockFacadeMetrics lockFacadeMetrics(MeterRegistry registry) {
        return new LockFacadeMetrics(registry);
    }
}
