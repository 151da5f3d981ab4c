package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import org.springframework.aop.support.StaticMethodMatcherPointcutAdvisor;
import org.springframework.beans.factory.SmartInitializingSingleton;

import java.lang.reflect.Method;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The Spring AOP advisor behind {@link DistributeLocked}: its pointcut matches the annotated methods, its advice
 * is a {@link DistributeLockedInterceptor}. Defined by {@link DistributeLockedConfiguration}.
 *
 * <p>Matching a method reads and checks its annotation once (see {@link DistributeLockedMethods}); because the
 * auto-proxy creator matches every method of a bean before proxying it, a bad annotation fails that bean's
 * creation, at start-up. Once all singletons exist, the advisor looks its {@link LockFacade} up, so a missing
 * one fails start-up too.
 */
public final class DistributeLockedAdvisor extends StaticMethodMatcherPointcutAdvisor
        implements SmartInitializingSingleton {

    private final Supplier<LockFacade> facade;
    private final DistributeLockedMethods methods;

    DistributeLockedAdvisor(Supplier<LockFacade> facade, DistributeLockedMethods methods) {
        super(new DistributeLockedInterceptor(facade, methods));
        this.facade = Objects.requireNonNull(facade, "facade");
        this.methods = Objects.requireNonNull(methods, "methods");
    }

    /**
     * @return whether {@code method}, as implemented by {@code targetClass}, carries {@link DistributeLocked}
     * @throws IllegalArgumentException if it does and the annotation is invalid (the message names the method)
     */
    @Override
    public boolean matches(Method method, Class<?> targetClass) {
        return methods.find(method, targetClass) != null;
    }

    /**
     * Looks the {@link LockFacade} up.
     *
     * @throws IllegalStateException if there is none, or several and none is named or primary
     */
    @Override
    public void afterSingletonsInstantiated() {
        facade.get();
    }
}
