package io.lockfacade.demo.locks;

import io.lockfacade.client.spring.EnableLockFacade;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code demo.lock=distributed}: the cluster lock, configured from the {@code lockfacade.*} properties by
 * {@link EnableLockFacade}, with its remote calls counted for the verdict.
 */
@Configuration(proxyBeanMethods = false)
@EnableLockFacade
public class DistributedLockConfiguration {

    /** @return the post-processor that counts the calls made to the master */
    @Bean
    public static RemoteCallCounter remoteCallCounter() {
        return new RemoteCallCounter();
    }
}
