package io.lockfacade.spring.boot.autoconfigure.health;

import io.lockfacade.client.LockActivity;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.spring.boot.autoconfigure.LockFacadeAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Contributes {@link LockFacadeHealthIndicator} as the {@code lockFacade} health component when Actuator's health
 * support is on the class path and the context has one auto-configured {@link DistributeLock} (with its
 * {@link LockActivity}). Turned off with {@code management.health.lockfacade.enabled=false}.
 */
@AutoConfiguration(after = LockFacadeAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnSingleCandidate(DistributeLock.class)
@ConditionalOnEnabledHealthIndicator("lockfacade")
public class LockFacadeHealthAutoConfiguration {

    /** @return the indicator */
    @Bean
    @ConditionalOnSingleCandidate(LockActivity.class)
    @ConditionalOnMissingBean(name = "lockFacadeHealthIndicator")
    public LockFacadeHealthIndicator lockFacadeHealthIndicator(DistributeLock distributeLock, LockActivity activity) {
        return new LockFacadeHealthIndicator(distributeLock, activity);
    }
}
