package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.spring.EnableLeaderOnly;
import io.lockfacade.client.spring.LeaderOnlyConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;

/**
 * Turns on {@link io.lockfacade.client.spring.LeaderOnly} methods, exactly as {@link EnableLeaderOnly} does, whenever
 * the context has a {@link LockFacade}: the auto-configured one or the application's own. Backs off when the
 * application already enabled them.
 */
@AutoConfiguration(after = LockFacadeAutoConfiguration.class)
@ConditionalOnBean(LockFacade.class)
@ConditionalOnMissingBean(name = LeaderOnlyConfiguration.ADVISOR_BEAN_NAME)
@EnableLeaderOnly
public class LeaderOnlyAutoConfiguration {
}
