package io.lockfacade.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Matches when {@code lockfacade.mode} is {@code distributed} or not set. */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ConditionalOnProperty(prefix = LockFacadeClientProperties.PREFIX, name = "mode", havingValue = "distributed",
        matchIfMissing = true)
public @interface ConditionalOnDistributedMode {
}
