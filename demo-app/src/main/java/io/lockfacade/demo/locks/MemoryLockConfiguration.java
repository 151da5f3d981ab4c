package io.lockfacade.demo.locks;

import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.client.spring.EnableDistributeLocked;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code demo.lock=memory}: the article's lock, which only excludes threads of the same JVM. */
@Configuration(proxyBeanMethods = false)
@EnableDistributeLocked
public class MemoryLockConfiguration {

    /** @return the single-JVM lock */
    @Bean
    public MemoryLock memoryLock() {
        return new MemoryLock();
    }
}
