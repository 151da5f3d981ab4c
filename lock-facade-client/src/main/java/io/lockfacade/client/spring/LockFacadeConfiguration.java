package io.lockfacade.client.spring;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.transport.MemoryLockServiceProxyFactoryBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Spring Java configuration for a cluster node: defines {@code memoryLockService} (the Hessian proxy to the
 * master) and {@code distributeLock} (the {@link io.lockfacade.client.LockFacade} to inject), both configured
 * from the {@code lockfacade.*} properties of the {@link Environment} (see {@link LockFacadeProperties}).
 *
 * <p>Import it with {@code @Import(LockFacadeConfiguration.class)}. Start-up fails with a message naming the
 * property when one is missing or invalid; it does not contact the master.
 */
@Configuration(proxyBeanMethods = false)
public class LockFacadeConfiguration {

    /** @return the factory of the master's Hessian proxy */
    @Bean
    public MemoryLockServiceProxyFactoryBean memoryLockService(Environment environment) {
        LockFacadeProperties properties = LockFacadeProperties.from(environment);
        MemoryLockServiceProxyFactoryBean factory = new MemoryLockServiceProxyFactoryBean();
        factory.setServiceUrl(properties.masterUrl().toString());
        factory.setConnectTimeout(properties.transport().connectTimeout());
        factory.setReadTimeout(properties.transport().readTimeout());
        factory.setSecret(properties.transport().secret());
        factory.setTls(properties.transport().tls());
        return factory;
    }

    /** @return the distributed lock; closed with the context, which stops renewals and frees cached grants */
    @Bean(destroyMethod = "close")
    public DistributeLock distributeLock(MemoryLockService memoryLockService, Environment environment) {
        return new DistributeLock(memoryLockService, LockFacadeProperties.from(environment).lock());
    }
}
