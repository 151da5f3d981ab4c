package io.lockfacade.client.spring;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodClassKey;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds {@link DistributeLocked} on methods and turns each into a checked {@link LockedMethod}, once per method
 * and target class (the key expression is parsed once and reused by every call).
 *
 * <p>The annotation may sit on the method of the bean's class or on the method it implements or overrides (an
 * interface's, a superclass's); the most specific one wins.
 */
final class DistributeLockedMethods {

    private final Map<MethodClassKey, Optional<LockedMethod>> cache = new ConcurrentHashMap<>();
    private final ExpressionParser parser = new SpelExpressionParser();
    private final ParameterNameDiscoverer parameterNames = new DefaultParameterNameDiscoverer();

    /**
     * @param method      the method called, possibly an interface's
     * @param targetClass the class of the bean, or {@code null} if unknown
     * @return the locked method, or {@code null} if the method carries no {@link DistributeLocked}
     * @throws IllegalArgumentException if the annotation is invalid; nothing is cached then
     */
    LockedMethod find(Method method, Class<?> targetClass) {
        return cache.computeIfAbsent(new MethodClassKey(method, targetClass),
                key -> Optional.ofNullable(resolve(method, targetClass))).orElse(null);
    }

    private LockedMethod resolve(Method method, Class<?> targetClass) {
        Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
        DistributeLocked annotation = AnnotatedElementUtils.findMergedAnnotation(specific, DistributeLocked.class);
        if (annotation == null && specific != method) {
            annotation = AnnotatedElementUtils.findMergedAnnotation(method, DistributeLocked.class);
        }
        return annotation == null ? null : LockedMethod.of(specific, targetClass, annotation, parser, parameterNames);
    }
}
