package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.spring.DistributeLockedConfiguration;
import io.lockfacade.client.spring.EnableDistributeLocked;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;

/**
 * Turns on {@link io.lockfacade.client.spring.DistributeLocked} methods, exactly as {@link EnableDistributeLocked}
 * does, whenever the context has a {@link LockFacade}: the auto-configured one or the application's own. Backs off
 * when the application already enabled them ({@code @EnableLockFacade} or {@code @EnableDistributeLocked}).
 */
@AutoConfiguration(after = LockFacadeAutoConfiguration.class)
@ConditionalOnBean(LockFacade.class)
@ConditionalOnMissingBean(name = DistributeLockedConfiguration.ADVISOR_BEAN_NAME)
@EnableDistributeLocked
public class DistributeLockedAutoConfiguration {
}
