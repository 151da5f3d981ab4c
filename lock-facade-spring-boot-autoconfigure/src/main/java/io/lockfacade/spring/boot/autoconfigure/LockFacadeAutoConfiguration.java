package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockActivity;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockObserver;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.client.spring.LockFacadeProperties;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Defines the application's {@link LockFacade} from the {@code lockfacade.*} properties
 * ({@link LockFacadeClientProperties}), unless the application defines a {@code LockFacade} of its own.
 *
 * <ul>
 *   <li>{@code lockfacade.mode=distributed} (the default): {@code lockFacadeConnections} (the pooled HTTP
 *       connections to the master), {@code memoryLockService} (the master's Hessian proxy; an application's own
 *       {@link MemoryLockService} bean is used instead), {@code lockFacadeActivity} (running totals for the health
 *       indicator) and {@code distributeLock}, a {@link DistributeLock} told about by every {@link LockObserver}
 *       bean (metrics among them).</li>
 *   <li>{@code lockfacade.mode=memory}: {@code distributeLock}, a {@link MemoryLock}; no master is contacted.</li>
 * </ul>
 *
 * <p>The lock bean is named {@code distributeLock} with the alias {@code memoryLock}, so both
 * {@code @Resource(name = "distributeLock")} and the article's {@code @Resource(name = "memoryLock")} find it in
 * either mode. On context shutdown the lock is closed first (keep-alives stop, cached grants and an idle session
 * are released on the master), then the connections. Making the beans does not contact the master.
 */
@AutoConfiguration
@EnableConfigurationProperties(LockFacadeClientProperties.class)
public class LockFacadeAutoConfiguration {

    /** Name of the lock bean. */
    public static final String LOCK_BEAN_NAME = "distributeLock";
    /** Alias of the lock bean: the article's name for it. */
    public static final String LOCK_BEAN_ALIAS = "memoryLock";

    /** The distributed mode's beans. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnDistributedMode
    @ConditionalOnMissingBean(LockFacade.class)
    static class Distributed {

        /** @return the client's settings, checked (fails start-up naming a missing or invalid property) */
        @Bean
        LockFacadeProperties lockFacadeProperties(LockFacadeClientProperties properties) {
            return properties.toClientProperties();
        }

        /** @return the pooled HTTP connections to the master; closed after the lock */
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(MemoryLockService.class)
        PooledHttpConnectionFactory lockFacadeConnections(LockFacadeProperties properties) {
            return new PooledHttpConnectionFactory(properties.transport());
        }

        /** @return the master's Hessian proxy, or the client of a master group when the URL is a comma-separated list */
        @Bean
        @ConditionalOnMissingBean(MemoryLockService.class)
        MemoryLockService memoryLockService(LockFacadeProperties properties, PooledHttpConnectionFactory connections) {
            return MemoryLockServiceProxies.create(properties.masterUrl().toString(), properties.transport(),
                    connections);
        }

        /** @return running totals of this node's locks */
        @Bean
        LockActivity lockFacadeActivity() {
            return new LockActivity();
        }

        /** @return the distributed lock, closed with the context */
        @Bean(name = {LOCK_BEAN_NAME, LOCK_BEAN_ALIAS}, destroyMethod = "close")
        DistributeLock distributeLock(MemoryLockService memoryLockService, LockFacadeProperties properties,
                                      ObjectProvider<LockObserver> observers) {
            return new DistributeLock(memoryLockService, properties.lock(),
                    LockObserver.all(observers.orderedStream().toList()));
        }
    }

    /** The memory mode's bean. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = LockFacadeClientProperties.PREFIX, name = "mode", havingValue = "memory")
    @ConditionalOnMissingBean(LockFacade.class)
    static class Memory {

        /** @return a lock within this JVM, detecting deadlocks as the properties say */
        @Bean(name = {LOCK_BEAN_NAME, LOCK_BEAN_ALIAS})
        MemoryLock distributeLock(LockFacadeClientProperties properties) {
            return new MemoryLock(properties.deadlockDetection());
        }
    }
}
