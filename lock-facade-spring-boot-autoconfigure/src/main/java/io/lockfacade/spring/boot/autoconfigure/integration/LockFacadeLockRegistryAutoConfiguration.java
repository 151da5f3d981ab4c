package io.lockfacade.spring.boot.autoconfigure.integration;

import io.lockfacade.client.LockFacade;
import io.lockfacade.integration.LockFacadeLockRegistry;
import io.lockfacade.spring.boot.autoconfigure.LockFacadeAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.integration.support.locks.LockRegistry;

/**
 * Defines Spring Integration's {@link LockRegistry} on the application's lock ({@code distributeLock}, made from
 * the {@code lockfacade.*} properties), with lock type {@value LockFacadeLockRegistry#DEFAULT_LOCK_TYPE}, when
 * Spring Integration is on the class path. Backs off when the application defines a {@code LockRegistry} of its
 * own (for another lock type, say).
 */
@AutoConfiguration(after = LockFacadeAutoConfiguration.class)
@ConditionalOnClass({LockRegistry.class, LockFacadeLockRegistry.class})
@ConditionalOnBean(LockFacade.class)
public class LockFacadeLockRegistryAutoConfiguration {

    /** @return the registry */
    @Bean
    @ConditionalOnMissingBean(LockRegistry.class)
    public LockFacadeLockRegistry lockFacadeLockRegistry(LockFacade locks) {
        return new LockFacadeLockRegistry(locks, LockFacadeLockRegistry.DEFAULT_LOCK_TYPE);
    }
}
