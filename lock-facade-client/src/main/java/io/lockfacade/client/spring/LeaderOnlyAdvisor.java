package io.lockfacade.client.spring;

import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.StaticMethodMatcherPointcutAdvisor;
import org.springframework.core.annotation.AnnotatedElementUtils;

import java.lang.reflect.Method;

/**
 * The Spring AOP advisor behind {@link LeaderOnly}: matches the annotated methods (checking, at start-up, that they
 * return {@code void} and name a valid leadership), registers their leaderships, and lets a call through only while
 * this process leads. Defined by {@link LeaderOnlyConfiguration}.
 */
public final class LeaderOnlyAdvisor extends StaticMethodMatcherPointcutAdvisor {

    private final transient LeaderOnlyLeaderships leaderships;

    LeaderOnlyAdvisor(LeaderOnlyLeaderships leaderships) {
        super((MethodInterceptor) call -> {
            LeaderOnly leaderOnly = find(AopUtils.getMostSpecificMethod(call.getMethod(),
                    call.getThis() == null ? call.getMethod().getDeclaringClass() : call.getThis().getClass()));
            return leaderOnly == null || leaderships.admit(leaderOnly.value()) ? call.proceed() : null;
        });
        this.leaderships = leaderships;
    }

    /**
     * @return whether {@code method}, as implemented by {@code targetClass}, carries {@link LeaderOnly}
     * @throws IllegalArgumentException if it does and does not return {@code void}, or names no valid leadership
     */
    @Override
    public boolean matches(Method method, Class<?> targetClass) {
        Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
        LeaderOnly leaderOnly = find(specific);
        if (leaderOnly == null) {
            return false;
        }
        if (specific.getReturnType() != void.class) {
            throw new IllegalArgumentException("@LeaderOnly method " + specific + " must return void: it does not run "
                    + "where this process does not lead, so it has nothing to return there");
        }
        leaderships.register(leaderOnly.value());
        return true;
    }

    private static LeaderOnly find(Method method) {
        return AnnotatedElementUtils.findMergedAnnotation(method, LeaderOnly.class);
    }
}
