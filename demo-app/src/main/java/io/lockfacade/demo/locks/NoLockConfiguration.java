package io.lockfacade.demo.locks;

import io.lockfacade.client.spring.EnableDistributeLocked;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code demo.lock=none}: a {@link NoLock}, so that the damage shows. */
@Configuration(proxyBeanMethods = false)
@EnableDistributeLocked
public class NoLockConfiguration {

    /** @return the lock that locks nothing */
    @Bean
    public NoLock noLock() {
        return new NoLock();
    }
}
