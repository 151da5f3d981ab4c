package io.lockfacade.client.spring;

import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AliasFor;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a Spring application a Lock Facade cluster node: defines the beans of {@link LockFacadeConfiguration}
 * ({@code memoryLockService}, the Hessian proxy to the master, and {@code distributeLock}, the
 * {@link io.lockfacade.client.LockFacade} to inject) from the {@code lockfacade.*} properties of the
 * {@code Environment}, and turns on {@link DistributeLocked} methods, as {@link EnableDistributeLocked} does.
 *
 * <pre>{@code
 * @Configuration
 * @EnableLockFacade
 * @PropertySource("classpath:locks.properties")   // lockfacade.master-url=http://master:8080
 * class AppConfig { }
 * }</pre>
 *
 * <p>Start-up fails with a message naming the property when {@value LockFacadeProperties#MASTER_URL} is missing
 * or a value is invalid (see {@link LockFacadeProperties}); it does not contact the master.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@EnableDistributeLocked
@Import(LockFacadeConfiguration.class)
public @interface EnableLockFacade {

    /**
     * The {@code LockFacade} bean {@code @DistributeLocked} methods lock with; empty means the only one (normally
     * {@code distributeLock}) or the {@code @Primary} one.
     *
     * @return the bean name, or empty
     */
    @AliasFor(annotation = EnableDistributeLocked.class)
    String lockFacade() default "";

    /**
     * @return whether to proxy classes rather than interfaces; see {@link EnableDistributeLocked#proxyTargetClass()}
     */
    @AliasFor(annotation = EnableDistributeLocked.class)
    boolean proxyTargetClass() default false;

    /** @return the order of the lock advice; see {@link EnableDistributeLocked#order()} */
    @AliasFor(annotation = EnableDistributeLocked.class)
    int order() default EnableDistributeLocked.DEFAULT_ORDER;
}
