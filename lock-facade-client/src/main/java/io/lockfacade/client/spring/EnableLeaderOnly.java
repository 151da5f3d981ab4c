package io.lockfacade.client.spring;

import org.springframework.context.annotation.Import;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Turns on {@link LeaderOnly} methods, using the application's {@link io.lockfacade.client.LockFacade} bean (the only
 * one, the {@code @Primary} one, or the one named by {@link #lockFacade()}). Beans with such methods are proxied by
 * Spring's infrastructure auto-proxy creator, as for {@link DistributeLocked}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import({DistributeLockedRegistrar.class, LeaderOnlyConfiguration.class})
public @interface EnableLeaderOnly {

    /**
     * The name of the {@code LockFacade} bean; empty (the default) means the only one, or the {@code @Primary} one.
     *
     * @return the bean name, or empty
     */
    String lockFacade() default "";
}
