package io.lockfacade.client.spring;

import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Turns on {@link DistributeLocked} methods, using a {@link io.lockfacade.client.LockFacade} bean the application
 * defines itself ({@code MemoryLock}, a {@code DistributeLock} from XML, a test double).
 *
 * <p>{@link EnableLockFacade} is this plus the cluster client's beans; use it when the application talks to a
 * master. Beans with {@code @DistributeLocked} methods are proxied by Spring's infrastructure auto-proxy creator
 * (the one {@code @EnableTransactionManagement} uses), so only spring-aop is needed, not AspectJ.
 *
 * <p>Start-up fails if a {@code @DistributeLocked} method has a bad key expression, a bad lock type or a negative
 * wait, or if the lock facade cannot be found (none, or several and no {@link #lockFacade()} name nor
 * {@code @Primary}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import({DistributeLockedRegistrar.class, DistributeLockedConfiguration.class})
public @interface EnableDistributeLocked {

    /**
     * Default advice order: just before {@link Ordered#LOWEST_PRECEDENCE}, the default of transaction advice, so
     * that the lock is taken before a transaction begins and released after it commits.
     */
    int DEFAULT_ORDER = Ordered.LOWEST_PRECEDENCE - 1;

    /**
     * The name of the {@code LockFacade} bean to lock with; empty (the default) means the only one, or the
     * {@code @Primary} one.
     *
     * @return the bean name, or empty
     */
    String lockFacade() default "";

    /**
     * Whether to proxy classes (CGLIB) rather than interfaces. This switches the shared auto-proxy creator, so it
     * applies to every auto-proxied bean of the context.
     *
     * @return whether to proxy classes
     */
    boolean proxyTargetClass() default false;

    /**
     * Where the lock advice runs among other advice on the same method; lower runs outside.
     *
     * @return the order
     */
    int order() default DEFAULT_ORDER;
}
